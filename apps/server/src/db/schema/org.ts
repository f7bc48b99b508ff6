import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { tz } from './types.js';

/** Feature flags by name (the ones the server knows; others are kept as stored). */
export interface NetworkFeatures extends Partial<Record<string, boolean>> {
  user_invite_by_email?: boolean;
}

export const networks = pgTable('networks', {
  id: serial('id').primaryKey(),
  uuid: uuid('uuid').notNull().unique(),
  name: text('name').notNull(),
  status: text('status', { enum: ['ACTIVATED', 'PENDING'] })
    .notNull()
    .default('ACTIVATED'),
  features: jsonb('features').$type<NetworkFeatures>().notNull().default({}),
  default_organisation_id: integer('default_organisation_id').references(
    (): AnyPgColumn => hospitals.id,
  ),
  created_at: timestamp('created_at', tz).notNull().defaultNow(),
  modified_at: timestamp('modified_at', tz).notNull().defaultNow(),
});

/** Organisations; the spec calls them hospitals on the wire (hospital_id, hospital_uuid). */
export const hospitals = pgTable(
  'hospitals',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique(),
    name: text('name').notNull(),
    status: text('status', { enum: ['ACTIVATED', 'PENDING'] })
      .notNull()
      .default('ACTIVATED'),
    network_id: integer('network_id').references(() => networks.id),
    longitude: doublePrecision('longitude'),
    latitude: doublePrecision('latitude'),
    radius: doublePrecision('radius'),
    deleted: boolean('deleted').notNull().default(false),
    created_at: timestamp('created_at', tz).notNull().defaultNow(),
    modified_at: timestamp('modified_at', tz).notNull().defaultNow(),
    /**
     * Patient data may be kept in the web app's offline copy (issue 37); an administrator turns
     * it off with `PATCH /admin/organisations/{uuid}`.
     */
    offline_patient_data: boolean('offline_patient_data').notNull().default(true),
  },
  (t) => [index('hospitals_network_idx').on(t.network_id)],
);

export const wards = pgTable(
  'wards',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    hospital_id: integer('hospital_id')
      .notNull()
      .references(() => hospitals.id),
    created_at: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [index('wards_hospital_idx').on(t.hospital_id)],
);
