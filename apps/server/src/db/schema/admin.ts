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
  mim_id: text('mim_id').notNull().unique(),
  name: text('name').notNull(),
  description: text('description'),
  hospital_id: integer('hospital_id').references(() => hospitals.id),
  assigned_to_id: integer('assigned_to_id').references(() => users.id),
  assigned_at: timestamp('assigned_at', tz),
  created_at: timestamp('created_at', tz).notNull().defaultNow(),
});

export const exportRequests = pgTable('export_requests', {
  id: serial('id').primaryKey(),
  requested_by_id: integer('requested_by_id').references(() => users.id),
  hospital_id: integer('hospital_id').references(() => hospitals.id),
  first_name: text('first_name').notNull(),
  last_name: text('last_name').notNull(),
  email: text('email').notNull(),
  users: boolean('users').notNull().default(false),
  teams: boolean('teams').notNull().default(false),
  forums: boolean('forums').notNull().default(false),
  pagers: boolean('pagers').notNull().default(false),
  images: boolean('images').notNull().default(false),
  files: boolean('files').notNull().default(false),
  patients: boolean('patients').notNull().default(false),
  messaging_data: boolean('messaging_data').notNull().default(false),
  created_at: timestamp('created_at', tz).notNull().defaultNow(),
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
    occurred_at: timestamp('occurred_at', tz).notNull().defaultNow(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    hospital_id: integer('hospital_id').references(() => hospitals.id),
    network_id: integer('network_id').references(() => networks.id),
    role: text('role'),
    team_id: integer('team_id'),
    advice_id: integer('advice_id'),
    forum_id: integer('forum_id'),
    has_patient: boolean('has_patient').notNull().default(false),
    has_image: boolean('has_image').notNull().default(false),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('analytics_events_scope_idx').on(t.hospital_id, t.type, t.occurred_at),
    index('analytics_events_network_idx').on(t.network_id, t.type, t.occurred_at),
  ],
);
