import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { hospitals } from './org.js';
import { users } from './users.js';
import { tz } from './types.js';

export interface TeamPublicData {
  enabled?: boolean;
  tips?: string[];
  resolved_issues?: string[];
  description?: string;
}

/**
 * Teams, forums (discoverable + auto_accept) and advice teams (public_data.enabled).
 * `mim_id` names the MUC Light room: `{mim_id}@muclight.{domain}`.
 */
export const teams = pgTable(
  'teams',
  {
    id: serial('id').primaryKey(),
    mimId: text('mim_id').notNull().unique(),
    name: text('name').notNull(),
    description: text('description'),
    hospitalId: integer('hospital_id').references(() => hospitals.id),
    discoverable: boolean('discoverable').notNull().default(false),
    autoAccept: boolean('auto_accept').notNull().default(false),
    publicData: jsonb('public_data').$type<TeamPublicData>().notNull().default({}),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    modifiedAt: timestamp('modified_at', tz).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', tz),
  },
  (t) => [index('teams_hospital_idx').on(t.hospitalId)],
);

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    /** The member's organisation, kept by a trigger from the user (migration 0602). */
    hospitalId: integer('hospital_id'),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    index('team_members_user_idx').on(t.userId),
  ],
);

/**
 * A team's members per organisation (migration 0602, issue 20), kept by triggers on
 * team_members and users: a team with rows for two organisations is cross-organisational.
 */
export const teamOrganisations = pgTable(
  'team_organisations',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    hospitalId: integer('hospital_id').notNull(),
    members: integer('members').notNull(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.hospitalId] })],
);

/** A request for advice from a team; its room is `{mim_id}@muclight.{domain}`. */
export const adviceConversations = pgTable(
  'advice_conversations',
  {
    id: serial('id').primaryKey(),
    mimId: text('mim_id').notNull().unique(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    requestorId: integer('requestor_id')
      .notNull()
      .references(() => users.id),
    requestorResolved: boolean('requestor_resolved').notNull().default(false),
    publicTeamResolved: boolean('public_team_resolved').notNull().default(false),
    resolverId: integer('resolver_id').references(() => users.id),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    modifiedAt: timestamp('modified_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('advice_conversations_team_idx').on(t.teamId),
    index('advice_conversations_requestor_idx').on(t.requestorId),
  ],
);
