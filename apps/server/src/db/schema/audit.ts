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
import type { AuditOutcome } from '../../audit/chain.js';
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
    user_id: integer('user_id'),
    session_id: integer('session_id'),
    access_level: text('access_level'),
    organisation_id: integer('organisation_id'),
    network_id: integer('network_id'),
    client_ip: text('client_ip'),
    user_agent: text('user_agent'),
    action: text('action').notNull(),
    resource_type: text('resource_type').notNull(),
    resource_id: text('resource_id'),
    patient_id: integer('patient_id'),
    outcome: text('outcome').$type<AuditOutcome>().notNull(),
    status: integer('status').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    prev_hash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    unique().on(t.chain, t.seq),
    index('audit_events_at_idx').on(t.at, t.id),
    index('audit_events_user_idx').on(t.user_id, t.at),
    index('audit_events_organisation_idx').on(t.organisation_id, t.at),
    index('audit_events_network_idx').on(t.network_id, t.at),
  ],
);

/** Each chain's head (last event) and base (the last event removed by retention). */
export const auditChains = pgTable('audit_chains', {
  chain: integer('chain').primaryKey(),
  head_seq: bigint('head_seq', { mode: 'number' }).notNull().default(0),
  head_hash: text('head_hash').notNull().default(GENESIS),
  base_seq: bigint('base_seq', { mode: 'number' }).notNull().default(0),
  base_hash: text('base_hash').notNull().default(GENESIS),
  base_at: timestamp('base_at', tz),
});
