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
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    dob: date('dob', { mode: 'string' }),
    gender: text('gender', { enum: ['MALE', 'FEMALE'] })
      .notNull()
      .default('MALE'),
    patientIdentificator: text('patient_identificator'),
    overview: text('overview'),
    bed: text('bed'),
    wardId: integer('ward_id').references(() => wards.id),
    hospitalId: integer('hospital_id').references(() => hospitals.id),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    modifiedAt: timestamp('modified_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('patients_hospital_idx').on(t.hospitalId),
    // Unique per organisation, without spaces and case (migration 0300, issue 18).
    uniqueIndex('patients_identifier_unique_idx')
      .on(t.hospitalId, sql`lower(regexp_replace(${t.patientIdentificator}, '\\s', '', 'g'))`)
      .where(sql`${t.patientIdentificator} is not null`),
  ],
);

export const patientCards = pgTable(
  'patient_cards',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull().default(''),
    subtitle: text('subtitle').notNull().default(''),
    patientId: integer('patient_id').references(() => patients.id, { onDelete: 'set null' }),
    hospitalId: integer('hospital_id').references(() => hospitals.id),
    createdById: integer('created_by_id').references(() => users.id),
    editable: boolean('editable').notNull().default(true),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    modifiedAt: timestamp('modified_at', tz).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', tz),
  },
  (t) => [
    index('patient_cards_created_by_idx').on(t.createdById),
    index('patient_cards_patient_idx').on(t.patientId),
  ],
);

export const patientCardUsers = pgTable(
  'patient_card_users',
  {
    patientCardId: integer('patient_card_id')
      .notNull()
      .references(() => patientCards.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.patientCardId, t.userId] }),
    index('patient_card_users_user_idx').on(t.userId),
  ],
);

export const patientCardTeams = pgTable(
  'patient_card_teams',
  {
    patientCardId: integer('patient_card_id')
      .notNull()
      .references(() => patientCards.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.patientCardId, t.teamId] }),
    index('patient_card_teams_team_idx').on(t.teamId),
  ],
);

export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    patientCardId: integer('patient_card_id')
      .notNull()
      .references(() => patientCards.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    completed: boolean('completed').notNull().default(false),
    completedAt: timestamp('completed_at', tz),
    completedById: integer('completed_by_id').references(() => users.id),
    order: integer('order').notNull().default(0),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    modifiedAt: timestamp('modified_at', tz).notNull().defaultNow(),
    /** Who saved it last (migration 0301): the concurrent-save merge rule reads it. */
    modifiedById: integer('modified_by_id').references(() => users.id),
  },
  (t) => [index('tasks_card_idx').on(t.patientCardId)],
);

export const images = pgTable(
  'images',
  {
    id: serial('id').primaryKey(),
    imageKey: uuid('image_key').notNull().unique(),
    kind: text('kind', { enum: ['patient', 'chat'] }).notNull(),
    title: text('title'),
    filename: text('filename'),
    contentType: text('content_type'),
    patientId: integer('patient_id').references(() => patients.id, { onDelete: 'cascade' }),
    uploaderId: integer('uploader_id').references(() => users.id),
    data: bytea('data'),
    thumbnail: bytea('thumbnail'),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    modifiedAt: timestamp('modified_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('images_patient_idx').on(t.patientId),
    index('images_patient_kind_idx')
      .on(t.patientId, t.kind)
      .where(sql`not ${t.deleted}`),
  ],
);

export const files = pgTable('files', {
  id: serial('id').primaryKey(),
  uuid: uuid('uuid').notNull().unique(),
  filename: text('filename').notNull(),
  size: integer('size').notNull(),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  uploaderId: integer('uploader_id').references(() => users.id),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
});

/** Who may read a card, image or file shared into a chat (access_type READ). */
export const shares = pgTable(
  'shares',
  {
    id: serial('id').primaryKey(),
    resourceType: text('resource_type', { enum: ['patient_card', 'image', 'file'] }).notNull(),
    resourceId: integer('resource_id').notNull(),
    targetType: text('target_type', { enum: ['user', 'team', 'advice_conversation'] }).notNull(),
    targetId: integer('target_id').notNull(),
    accessType: text('access_type', { enum: ['READ'] })
      .notNull()
      .default('READ'),
    sharedById: integer('shared_by_id').references(() => users.id),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [
    unique().on(t.resourceType, t.resourceId, t.targetType, t.targetId),
    index('shares_target_idx').on(t.targetType, t.targetId),
  ],
);
