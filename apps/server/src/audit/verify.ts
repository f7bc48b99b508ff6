import type { DatabaseTx } from '../db/client.js';
import type { auditChains, auditEvents } from '../db/schema/index.js';
import { type AuditEvent, canonicalText, eventHash } from './chain.js';

/** Every column of an event, as the chain is checked. */
type StoredEvent = typeof auditEvents.$inferSelect;

type ChainRow = Pick<
  typeof auditChains.$inferSelect,
  'chain' | 'head_seq' | 'head_hash' | 'base_seq' | 'base_hash'
>;

interface AuditVerification {
  ok: boolean;
  /** Events checked. */
  events: number;
  chains: number;
  /** The first problem, in words: which event was altered or removed. */
  problem?: string;
}

const asEvent = (r: StoredEvent): AuditEvent => ({
  at: r.at instanceof Date ? r.at : new Date(r.at),
  userId: r.user_id,
  sessionId: r.session_id,
  accessLevel: r.access_level,
  organisationId: r.organisation_id,
  networkId: r.network_id,
  clientIp: r.client_ip,
  userAgent: r.user_agent,
  action: r.action,
  resourceType: r.resource_type,
  resourceId: r.resource_id,
  patientId: r.patient_id,
  outcome: r.outcome,
  status: r.status,
  detail:
    typeof r.detail === 'string' ? (JSON.parse(r.detail) as Record<string, unknown>) : r.detail,
});

const chainName = (chain: number) => (chain === 0 ? 'no organisation' : `organisation ${chain}`);
const describe = (r: StoredEvent) =>
  `event ${r.id} (${chainName(r.chain)}, #${r.seq}, ${r.action} at ${asEvent(r).at.toISOString()})`;

/**
 * Walks every chain from its base (the checkpoint retention left, or the genesis hash) to its
 * head and names the first event that was altered (its content no longer gives its hash, or the
 * next event links to another hash) or removed (a number missing, or the head further on).
 */
export async function verifyAudit(db: DatabaseTx, pageSize = 2_000): Promise<AuditVerification> {
  const chains = (
    await db.query<ChainRow>(
      'select chain, head_seq, head_hash, base_seq, base_hash from audit_chains order by chain',
    )
  ).rows;
  let events = 0;
  const fail = (problem: string): AuditVerification => ({
    ok: false,
    events,
    chains: chains.length,
    problem,
  });
  const orphan = await db.query<{ chain: number }>(
    'select distinct chain from audit_events where chain not in (select chain from audit_chains) limit 1',
  );
  if (orphan.rows[0])
    return fail(`the chain of ${chainName(orphan.rows[0].chain)} lost its head record`);
  for (const c of chains) {
    let expectedSeq = c.base_seq + 1;
    let prev = c.base_hash;
    let previous: StoredEvent | undefined;
    for (;;) {
      const page = (
        await db.query<StoredEvent>(
          `select id, chain, seq, at, user_id, session_id, access_level, organisation_id, network_id,
                  client_ip, user_agent, action, resource_type, resource_id, patient_id, outcome,
                  status, detail, prev_hash, hash
             from audit_events where chain = $1 and seq >= $2 order by seq limit $3`,
          [c.chain, expectedSeq, pageSize],
        )
      ).rows;
      for (const row of page) {
        const seq = row.seq;
        if (seq !== expectedSeq) {
          return fail(
            `removed: event #${expectedSeq}${seq - expectedSeq > 1 ? `–#${seq - 1}` : ''} of ${chainName(c.chain)} is missing (before ${describe(row)})`,
          );
        }
        if (row.prev_hash !== prev) {
          return fail(
            previous
              ? `altered: ${describe(previous)} was changed and its hash rewritten (the next event links to another hash)`
              : `altered: ${describe(row)} does not link to the chain's start`,
          );
        }
        if (eventHash(prev, seq, canonicalText(asEvent(row))) !== row.hash) {
          return fail(`altered: ${describe(row)} no longer matches its hash`);
        }
        events += 1;
        prev = row.hash;
        previous = row;
        expectedSeq = seq + 1;
      }
      if (page.length < pageSize) break;
    }
    const head = c.head_seq;
    if (expectedSeq - 1 !== head) {
      return fail(
        `removed: the last events of ${chainName(c.chain)} are missing (#${expectedSeq}–#${head})`,
      );
    }
    if (prev !== c.head_hash) {
      return fail(
        previous
          ? `altered: ${describe(previous)} was changed and its hash rewritten (the chain's head records another hash)`
          : `altered: the chain of ${chainName(c.chain)} does not start where its base says`,
      );
    }
  }
  return { ok: true, events, chains: chains.length };
}
