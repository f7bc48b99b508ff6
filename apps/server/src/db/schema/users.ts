import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { hospitals } from './org.js';
import { tz } from './types.js';

export const ACCESS_LEVELS = [
  'USER',
  'USER_VERIFIED',
  'ORGANISATION_ADMIN',
  'NETWORK_ADMIN',
  'NEURO',
  'PANDO_ADMIN',
] as const;
export const USER_STATUSES = ['AVAILABLE', 'UNAVAILABLE', 'UNKNOWN'] as const;

/** Feature flags by name (the ones the server knows; others are kept as stored). */
export interface UserFeatures extends Partial<Record<string, boolean>> {
  pando_control_v2?: boolean;
  form_templates?: boolean;
}
/** Premium features by name, likewise. */
export interface PremiumFeatures extends Partial<Record<string, boolean>> {
  patient_cards?: boolean;
  pagers?: boolean;
  advice_channels?: boolean;
}

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique(),
    /** Always lower case (a CHECK constraint enforces it). */
    email: text('email').notNull().unique(),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    phone: text('phone'),
    role: text('role'),
    role_description: text('role_description'),
    speciality: text('speciality'),
    status: text('status', { enum: USER_STATUSES }).notNull().default('UNKNOWN'),
    access_level: text('access_level', { enum: ACCESS_LEVELS }).notNull().default('USER'),
    hospital_id: integer('hospital_id').references(() => hospitals.id),
    /** The network of the organisation, kept by triggers (migration 0800): the admin list's reach. */
    network_id: integer('network_id'),
    features: jsonb('features').$type<UserFeatures>().notNull().default({}),
    premium_features: jsonb('premium_features').$type<PremiumFeatures>().notNull().default({}),
    gdpr_accepted: boolean('gdpr_accepted').notNull().default(false),
    starred: boolean('starred').notNull().default(false),
    keep_me_updated: boolean('keep_me_updated').notNull().default(false),
    blocked: boolean('blocked').notNull().default(false),
    last_active_at: timestamp('last_active_at', tz),
    created_at: timestamp('created_at', tz).notNull().defaultNow(),
    modified_at: timestamp('modified_at', tz).notNull().defaultNow(),
  },
  (t) => [index('users_hospital_idx').on(t.hospital_id)],
);
