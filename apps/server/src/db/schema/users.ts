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

export interface UserFeatures {
  pando_control_v2?: boolean;
  form_templates?: boolean;
}
export interface PremiumFeatures {
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
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    role: text('role'),
    roleDescription: text('role_description'),
    speciality: text('speciality'),
    status: text('status', { enum: USER_STATUSES }).notNull().default('UNKNOWN'),
    accessLevel: text('access_level', { enum: ACCESS_LEVELS }).notNull().default('USER'),
    hospitalId: integer('hospital_id').references(() => hospitals.id),
    /** The network of the organisation, kept by triggers (migration 0800): the admin list's reach. */
    networkId: integer('network_id'),
    features: jsonb('features').$type<UserFeatures>().notNull().default({}),
    premiumFeatures: jsonb('premium_features').$type<PremiumFeatures>().notNull().default({}),
    gdprAccepted: boolean('gdpr_accepted').notNull().default(false),
    starred: boolean('starred').notNull().default(false),
    keepMeUpdated: boolean('keep_me_updated').notNull().default(false),
    blocked: boolean('blocked').notNull().default(false),
    lastActiveAt: timestamp('last_active_at', tz),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    modifiedAt: timestamp('modified_at', tz).notNull().defaultNow(),
  },
  (t) => [index('users_hospital_idx').on(t.hospitalId)],
);

export type UserRow = typeof users.$inferSelect;
