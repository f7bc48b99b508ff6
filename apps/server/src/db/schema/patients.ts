import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { hospitals, wards } from './org.js';
import { teams } from './teams.js';
import { users } from './users.js';
import { bytea, tz } from './types.js';

export const patients = pgTable(
  'patients',
  {
    id: serial('id').primaryKey(),
    first_name: text('first_name').notNull().default(''),
    last_name: text('last_name').notNull().default(''),
    dob: date('dob', { mode: 'string' }),
    gender: text('gender', { enum: ['MALE', 'FEMALE'] })
      .notNull()
      .default('MALE'),
    patient_identificator: text('patient_identificator'),
    overview: text('overview'),
    bed: text('bed'),
    ward_id: integer('ward_id').references(() => wards.id),
    hospital_id: integer('hospital_id').references(() => hospitals.id),
    created_at: timestamp('created_at', tz).notNull().defaultNow(),
    modified_at: timestamp('modified_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('patients_hospital_idx').on(t.hospital_id),
    // Unique per organisation, without spaces and case (migration 0300, issue 18).
    uniqueIndex('patients_identifier_unique_idx')
      .on(t.hospital_id, sql`lower(regexp_replace(${t.patient_identificator}, '\\s', '', 'g'))`)
      .where(sql`${t.patient_identificator} is not null`),
  ],
);

export const patientCards = pgTable(
  'patient_cards',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull().default(''),
    subtitle: text('subtitle').notNull().default(''),
    patient_id: integer('patient_id').references(() => patients.id, { onDelete: 'set null' }),
    hospital_id: integer('hospital_id').references(() => hospitals.id),
    created_by_id: integer('created_by_id').references(() => users.id),
    editable: boolean('editable').notNull().default(true),
    created_at: timestamp('created_at', tz).notNull().defaultNow(),
    modified_at: timestamp('modified_at', tz).notNull().defaultNow(),
    deleted_at: timestamp('deleted_at', tz),
  },
  (t) => [
    index('patient_cards_created_by_idx').on(t.created_by_id),
    index('patient_cards_patient_idx').on(t.patient_id),
  ],
);

export const patientCardUsers = pgTable(
  'patient_card_users',
  {
    patient_card_id: integer('patient_card_id')
      .notNull()
      .references(() => patientCards.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.patient_card_id, t.user_id] }),
    index('patient_card_users_user_idx').on(t.user_id),
  ],
);

export const patientCardTeams = pgTable(
  'patient_card_teams',
  {
    patient_card_id: integer('patient_card_id')
      .notNull()
      .references(() => patientCards.id, { onDelete: 'cascade' }),
    team_id: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.patient_card_id, t.team_id] }),
    index('patient_card_teams_team_idx').on(t.team_id),
  ],
);

export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    patient_card_id: integer('patient_card_id')
      .notNull()
      .references(() => patientCards.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    completed: boolean('completed').notNull().default(false),
    completed_at: timestamp('completed_at', tz),
    completed_by_id: integer('completed_by_id').references(() => users.id),
    order: integer('order').notNull().default(0),
    created_at: timestamp('created_at', tz).notNull().defaultNow(),
    modified_at: timestamp('modified_at', tz).notNull().defaultNow(),
    /** Who saved it last (migration 0301): the concurrent-save merge rule reads it. */
    modified_by_id: integer('modified_by_id').references(() => users.id),
  },
  (t) => [index('tasks_card_idx').on(t.patient_card_id)],
);

export const images = pgTable(
  'images',
  {
    id: serial('id').primaryKey(),
    image_key: uuid('image_key').notNull().unique(),
    kind: text('kind', { enum: ['patient', 'chat'] }).notNull(),
    title: text('title'),
    filename: text('filename'),
    content_type: text('content_type'),
    patient_id: integer('patient_id').references(() => patients.id, { onDelete: 'cascade' }),
    uploader_id: integer('uploader_id').references(() => users.id),
    data: bytea('data'),
    thumbnail: bytea('thumbnail'),
    deleted: boolean('deleted').notNull().default(false),
    created_at: timestamp('created_at', tz).notNull().defaultNow(),
    modified_at: timestamp('modified_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('images_patient_idx').on(t.patient_id),
    index('images_patient_kind_idx')
      .on(t.patient_id, t.kind)
      .where(sql`not ${t.deleted}`),
  ],
);

export const files = pgTable('files', {
  id: serial('id').primaryKey(),
  uuid: uuid('uuid').notNull().unique(),
  filename: text('filename').notNull(),
  size: integer('size').notNull(),
  content_type: text('content_type').notNull(),
  data: bytea('data').notNull(),
  uploader_id: integer('uploader_id').references(() => users.id),
  created_at: timestamp('created_at', tz).notNull().defaultNow(),
});

/** Who may read a card, image or file shared into a chat (access_type READ). */
export const shares = pgTable(
  'shares',
  {
    id: serial('id').primaryKey(),
    resource_type: text('resource_type', { enum: ['patient_card', 'image', 'file'] }).notNull(),
    resource_id: integer('resource_id').notNull(),
    target_type: text('target_type', { enum: ['user', 'team', 'advice_conversation'] }).notNull(),
    target_id: integer('target_id').notNull(),
    access_type: text('access_type', { enum: ['READ'] })
      .notNull()
      .default('READ'),
    shared_by_id: integer('shared_by_id').references(() => users.id),
    created_at: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [
    unique().on(t.resource_type, t.resource_id, t.target_type, t.target_id),
    index('shares_target_idx').on(t.target_type, t.target_id),
  ],
);
