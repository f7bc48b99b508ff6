import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { hospitals, networks } from './org.js';
import { users } from './users.js';
import { tz } from './types.js';

export const pagers = pgTable('pagers', {
  id: serial('id').primaryKey(),
  mimId: text('mim_id').notNull().unique(),
  name: text('name').notNull(),
  description: text('description'),
  hospitalId: integer('hospital_id').references(() => hospitals.id),
  assignedToId: integer('assigned_to_id').references(() => users.id),
  assignedAt: timestamp('assigned_at', tz),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
});

export const exportRequests = pgTable('export_requests', {
  id: serial('id').primaryKey(),
  requestedById: integer('requested_by_id').references(() => users.id),
  hospitalId: integer('hospital_id').references(() => hospitals.id),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  users: boolean('users').notNull().default(false),
  teams: boolean('teams').notNull().default(false),
  forums: boolean('forums').notNull().default(false),
  pagers: boolean('pagers').notNull().default(false),
  images: boolean('images').notNull().default(false),
  files: boolean('files').notNull().default(false),
  patients: boolean('patients').notNull().default(false),
  messagingData: boolean('messaging_data').notNull().default(false),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
});

/**
 * Analytics events the server records itself (spec 02 §7): login, login_unsuccessful,
 * session_started, message_sent, image_uploaded, patient_card_created, advice_resolved, ...
 * hospital_id/network_id/role are copied at write time so reports stay right after transfers.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    occurredAt: timestamp('occurred_at', tz).notNull().defaultNow(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    hospitalId: integer('hospital_id').references(() => hospitals.id),
    networkId: integer('network_id').references(() => networks.id),
    role: text('role'),
    teamId: integer('team_id'),
    adviceId: integer('advice_id'),
    forumId: integer('forum_id'),
    hasPatient: boolean('has_patient').notNull().default(false),
    hasImage: boolean('has_image').notNull().default(false),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('analytics_events_scope_idx').on(t.hospitalId, t.type, t.occurredAt),
    index('analytics_events_network_idx').on(t.networkId, t.type, t.occurredAt),
  ],
);
