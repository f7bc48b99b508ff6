import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { tz } from './types.js';

const GENESIS = '0'.repeat(64);

/**
 * The audit trail (issue 36, migration 1000, src/audit/README.md): append-only, one hash chain
 * per organisation (`chain`, 0 for none). No foreign keys: an event outlives what it names.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chain: integer('chain').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    at: timestamp('at', tz).notNull(),
    userId: integer('user_id'),
    sessionId: integer('session_id'),
    accessLevel: text('access_level'),
    organisationId: integer('organisation_id'),
    networkId: integer('network_id'),
    clientIp: text('client_ip'),
    userAgent: text('user_agent'),
    action: text('action').notNull(),
    resourceType: text('resource_type').notNull(),
    resourceId: text('resource_id'),
    patientId: integer('patient_id'),
    outcome: text('outcome').notNull(),
    status: integer('status').notNull(),
    detail: jsonb('detail').notNull().default({}),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    unique().on(t.chain, t.seq),
    index('audit_events_at_idx').on(t.at, t.id),
    index('audit_events_user_idx').on(t.userId, t.at),
    index('audit_events_organisation_idx').on(t.organisationId, t.at),
    index('audit_events_network_idx').on(t.networkId, t.at),
  ],
);

/** Each chain's head (last event) and base (the last event removed by retention). */
export const auditChains = pgTable('audit_chains', {
  chain: integer('chain').primaryKey(),
  headSeq: bigint('head_seq', { mode: 'number' }).notNull().default(0),
  headHash: text('head_hash').notNull().default(GENESIS),
  baseSeq: bigint('base_seq', { mode: 'number' }).notNull().default(0),
  baseHash: text('base_hash').notNull().default(GENESIS),
  baseAt: timestamp('base_at', tz),
});
