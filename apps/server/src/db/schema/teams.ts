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

/** As stored; teams/repo.ts `publicDataOf` reads it through the domain's PublicDataSchema. */
export interface TeamPublicData extends Record<string, unknown> {
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
    mim_id: text('mim_id').notNull().unique(),
    name: text('name').notNull(),
    description: text('description'),
    hospital_id: integer('hospital_id').references(() => hospitals.id),
    discoverable: boolean('discoverable').notNull().default(false),
    auto_accept: boolean('auto_accept').notNull().default(false),
    public_data: jsonb('public_data').$type<TeamPublicData>().notNull().default({}),
    created_by_id: integer('created_by_id').references(() => users.id),
    created_at: timestamp('created_at', tz).notNull().defaultNow(),
    modified_at: timestamp('modified_at', tz).notNull().defaultNow(),
    deleted_at: timestamp('deleted_at', tz),
  },
  (t) => [index('teams_hospital_idx').on(t.hospital_id)],
);

export const teamMembers = pgTable(
  'team_members',
  {
    team_id: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', tz).notNull().defaultNow(),
    /** The member's organisation, kept by a trigger from the user (migration 0602). */
    hospital_id: integer('hospital_id'),
  },
  (t) => [
    primaryKey({ columns: [t.team_id, t.user_id] }),
    index('team_members_user_idx').on(t.user_id),
  ],
);

/**
 * A team's members per organisation (migration 0602, issue 20), kept by triggers on
 * team_members and users: a team with rows for two organisations is cross-organisational.
 */
export const teamOrganisations = pgTable(
  'team_organisations',
  {
    team_id: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    hospital_id: integer('hospital_id').notNull(),
    members: integer('members').notNull(),
  },
  (t) => [primaryKey({ columns: [t.team_id, t.hospital_id] })],
);

/** A request for advice from a team; its room is `{mim_id}@muclight.{domain}`. */
export const adviceConversations = pgTable(
  'advice_conversations',
  {
    id: serial('id').primaryKey(),
    mim_id: text('mim_id').notNull().unique(),
    team_id: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    requestor_id: integer('requestor_id')
      .notNull()
      .references(() => users.id),
    requestor_resolved: boolean('requestor_resolved').notNull().default(false),
    public_team_resolved: boolean('public_team_resolved').notNull().default(false),
    resolver_id: integer('resolver_id').references(() => users.id),
    created_at: timestamp('created_at', tz).notNull().defaultNow(),
    modified_at: timestamp('modified_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('advice_conversations_team_idx').on(t.team_id),
    index('advice_conversations_requestor_idx').on(t.requestor_id),
  ],
);
