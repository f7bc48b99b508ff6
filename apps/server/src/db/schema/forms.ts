import {
  boolean,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { hospitals } from './org.js';
import { users } from './users.js';
import { bytea, tz } from './types.js';

/** Smart-form templates (spec 02 §3); controls and export options are kept as the wire JSON. */
export const formTemplates = pgTable(
  'form_templates',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    author: text('author').notNull().default(''),
    version: text('version').notNull().default('1.0'),
    created_by_id: integer('created_by_id').references(() => users.id),
    trust_id: integer('trust_id').references(() => hospitals.id),
    deleted: boolean('deleted').notNull().default(false),
    flags: jsonb('flags').$type<Record<string, unknown>>().notNull().default({}),
    controls: jsonb('controls').$type<unknown[]>().notNull().default([]),
    export_options: jsonb('export_options').$type<unknown[]>().notNull().default([]),
    created_at: timestamp('created_at', tz).notNull().defaultNow(),
    modified_at: timestamp('modified_at', tz).notNull().defaultNow(),
  },
  (t) => [unique().on(t.title, t.version)],
);

export const formSubmissions = pgTable('form_submissions', {
  id: serial('id').primaryKey(),
  template_id: integer('template_id')
    .notNull()
    .references(() => formTemplates.id),
  submitted_by_id: integer('submitted_by_id').references(() => users.id),
  values: jsonb('values').$type<unknown>().notNull(),
  patient_data: jsonb('patient_data').$type<Record<string, unknown>>(),
  status: text('status', { enum: ['ok', 'error', 'confirm'] }).notNull(),
  confirmed: boolean('confirmed').notNull().default(false),
  created_at: timestamp('created_at', tz).notNull().defaultNow(),
});

export const structuredFiles = pgTable('structured_files', {
  id: serial('id').primaryKey(),
  file_guid: uuid('file_guid').notNull().unique(),
  filename: text('filename').notNull(),
  content_type: text('content_type').notNull(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  thumbnail: bytea('thumbnail'),
  uploader_id: integer('uploader_id').references(() => users.id),
  deleted: boolean('deleted').notNull().default(false),
  created_at: timestamp('created_at', tz).notNull().defaultNow(),
});
