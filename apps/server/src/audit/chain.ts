import { createHash } from 'node:crypto';
import type { DatabaseTx } from '../db/client.js';

/** Allowed: the action was done (2xx/3xx). Refused: it was not (403, 404, 400, 409, …). */
export type AuditOutcome = 'allowed' | 'refused';

/** One audited event, as the server records it (src/audit/README.md). */
export interface AuditEvent {
  at: Date;
  userId: number | null;
  sessionId: number | null;
  accessLevel: string | null;
  organisationId: number | null;
  networkId: number | null;
  clientIp: string | null;
  userAgent: string | null;
  action: string;
  resourceType: string;
  resourceId: string | null;
  patientId: number | null;
  outcome: AuditOutcome;
  status: number;
  detail: Record<string, unknown>;
}

const USER_AGENT_MAX = 300;
const DETAIL_TEXT_MAX = 500;

/** JSON with object keys sorted at every level: jsonb keeps no key order, so both sides sort. */
function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** PostgreSQL text and jsonb hold no U+0000; long texts are cut. */
function cleanText(value: string, max: number): string {
  return value.replaceAll('\u0000', '').slice(0, max);
}

function cleanDetail(value: unknown): unknown {
  if (typeof value === 'string') return cleanText(value, DETAIL_TEXT_MAX);
  if (Array.isArray(value)) return value.map(cleanDetail);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [cleanText(k, 100), cleanDetail(v)]),
    );
  }
  return value;
}

/** The event as stored: texts cleaned and cut, so the hashed text equals what is read back. */
function storable(event: AuditEvent): AuditEvent {
  return {
    ...event,
    clientIp: event.clientIp === null ? null : cleanText(event.clientIp, 100),
    userAgent: event.userAgent === null ? null : cleanText(event.userAgent, USER_AGENT_MAX),
    resourceId: event.resourceId === null ? null : cleanText(event.resourceId, 200),
    detail: cleanDetail(event.detail) as Record<string, unknown>,
  };
}

/** The chain an event belongs to: its organisation's, 0 for an event of no organisation. */
const chainOf = (event: Pick<AuditEvent, 'organisationId'>) => event.organisationId ?? 0;

/**
 * The text an event's hash covers (with the previous hash and its seq, audit_append of migration
 * 1000): every column but the id and the chain's bookkeeping, in a fixed order.
 */
export function canonicalText(event: AuditEvent): string {
  return canonicalJson([
    chainOf(event),
    event.at.toISOString(),
    event.userId,
    event.sessionId,
    event.accessLevel,
    event.organisationId,
    event.networkId,
    event.clientIp,
    event.userAgent,
    event.action,
    event.resourceType,
    event.resourceId,
    event.patientId,
    event.outcome,
    event.status,
    event.detail,
  ]);
}

/** The hash of an event at `seq` after `prevHash` (what audit_append computes in SQL). */
export function eventHash(prevHash: string, seq: number, canonical: string): string {
  return createHash('sha256')
    .update(`${prevHash}\n${String(seq)}\n${canonical}`, 'utf8')
    .digest('hex');
}

/**
 * Appends events in one statement (audit_append): inside a change's transaction, the change and
 * its record commit together. Sorted by chain so concurrent writers lock chains in one order.
 */
export async function appendAudit(tx: DatabaseTx, events: readonly AuditEvent[]): Promise<void> {
  if (events.length === 0) return;
  const rows = events
    .map(storable)
    .map((e, i) => ({ e, i }))
    .sort((a, b) => chainOf(a.e) - chainOf(b.e) || a.i - b.i)
    .map(({ e }) => ({
      chain: chainOf(e),
      at: e.at.toISOString(),
      user_id: e.userId,
      session_id: e.sessionId,
      access_level: e.accessLevel,
      organisation_id: e.organisationId,
      network_id: e.networkId,
      client_ip: e.clientIp,
      user_agent: e.userAgent,
      action: e.action,
      resource_type: e.resourceType,
      resource_id: e.resourceId,
      patient_id: e.patientId,
      outcome: e.outcome,
      status: e.status,
      detail: e.detail,
      canonical: canonicalText(e),
    }));
  await tx.query('select audit_append($1::jsonb)', [JSON.stringify(rows)]);
}
