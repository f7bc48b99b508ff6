import type { Database } from '../db/client.js';
import { type AuditEvent, appendAudit } from './chain.js';

interface EndedSession {
  id: number;
  user_id: number;
  expires_at: Date;
  last_seen_at: Date;
  ip: string | null;
  user_agent: string | null;
  access_level: string | null;
  hospital_id: number | null;
  network_id: number | null;
}

/**
 * Ends the sessions past their absolute (`expires_at`) or idle (`sessionIdleMs` since
 * `last_seen_at`) lifetime, all of them or only `sessionId`, and records each in the audit trail
 * as `session.expired` (issue 36: "login success, login failure, logout, session expiry"), in
 * the same transaction: a session is never gone without its record. The event is the session's
 * own (its user, address and browser); `detail.reason` says which lifetime ran out. Called by the
 * hourly sweep (auth/sweeper.ts) and by the request that finds its session expired
 * (auth/sessions.ts), whichever comes first; the other finds nothing left to end.
 */
export async function endExpiredSessions(
  db: Database,
  now: Date,
  idleMs: number,
  sessionId?: number,
): Promise<number> {
  const idleSince = new Date(now.getTime() - idleMs);
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<EndedSession>(
      `with gone as (
         delete from sessions
          where (expires_at <= $1 or last_seen_at <= $2) and ($3::int is null or id = $3)
         returning id, user_id, expires_at, last_seen_at, ip, user_agent)
       select g.*, u.access_level, u.hospital_id, u.network_id
         from gone g left join users u on u.id = g.user_id
        order by g.id`,
      [now, idleSince, sessionId ?? null],
    );
    await appendAudit(
      tx,
      rows.map((s): AuditEvent => ({
        at: now,
        userId: s.user_id,
        sessionId: s.id,
        accessLevel: s.access_level,
        organisationId: s.hospital_id,
        networkId: s.network_id,
        clientIp: s.ip,
        userAgent: s.user_agent,
        action: 'session.expired',
        resourceType: 'session',
        resourceId: String(s.id),
        patientId: null,
        outcome: 'allowed',
        // No request ended it (the sweep) or the request was answered 401: the trail's status
        // is the answer a person got, so 401 in both.
        status: 401,
        detail: {
          reason: s.expires_at.getTime() <= now.getTime() ? 'lifetime' : 'idle',
          last_seen_at: s.last_seen_at.toISOString(),
        },
      })),
    );
    return rows.length;
  });
}
