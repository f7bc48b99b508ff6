import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OfflineKeyResponse } from '@pando/domain';
import { type AuditEvent, appendAudit } from '../audit/chain.js';
import type { DatabaseTx } from '../db/client.js';
import type { sessions } from '../db/schema/index.js';
import { type AuthContext, sessionEndsAt } from './sessions.js';

/** AES-256: the key of the web app's encrypted offline copy is 32 random bytes. */
const OFFLINE_KEY_BYTES = 32;

const USER_AGENT_MAX = 300;

type SessionKeyRow = Pick<typeof sessions.$inferSelect, 'last_seen_at' | 'expires_at'> & {
  /** bytea: a Buffer from pg, a Uint8Array from PGlite (raw SQL skips the schema's Buffer mapping). */
  local_key: Uint8Array | null;
};

/**
 * The offline key of a session (issue 37, `GET /login/offline-key`), made at its first call.
 * Null when the session is gone (it was ended between the authentication and this read).
 *
 * The common case is one read (session, user, organisation). A session without a key gets one
 * with `coalesce(local_key, $2)`: of two tabs asking at once, the second update waits for the
 * first's row lock and then keeps the key already stored, so both are answered the same key.
 * Its creation is recorded in the audit trail in the same transaction, as the session events
 * are (`login.success`, `session.expired`): which session was given a key, from where. Reading
 * it again is not recorded (the same session, already attributable; and the key is not patient
 * data, so this is not a patient access).
 */
export async function offlineKeyOf(
  app: FastifyInstance,
  req: FastifyRequest,
  auth: AuthContext,
): Promise<OfflineKeyResponse | null> {
  const { db, config } = app;
  const r = await db.query<SessionKeyRow & { offline_patient_data: boolean }>(
    // A person without an organisation gets the column's default (on).
    `select s.local_key, s.last_seen_at, s.expires_at,
            coalesce(h.offline_patient_data, true) as offline_patient_data
       from sessions s join users u on u.id = s.user_id
       left join hospitals h on h.id = u.hospital_id
      where s.id = $1`,
    [auth.sessionId],
  );
  const row = r.rows[0];
  if (!row) return null;
  const { offline_patient_data } = row;
  const session =
    row.local_key === null
      ? await db.transaction((tx) => createKey(tx, req, auth, offline_patient_data))
      : row;
  if (!session?.local_key) return null;
  return {
    key: Buffer.from(session.local_key).toString('base64url'),
    expires_at: sessionEndsAt(session, config).toISOString(),
    offline_patient_data,
  };
}

async function createKey(
  tx: DatabaseTx,
  req: FastifyRequest,
  auth: AuthContext,
  offlinePatientData: boolean,
): Promise<SessionKeyRow | undefined> {
  const candidate = randomBytes(OFFLINE_KEY_BYTES);
  const r = await tx.query<SessionKeyRow>(
    `update sessions set local_key = coalesce(local_key, $2) where id = $1
     returning local_key, last_seen_at, expires_at`,
    [auth.sessionId, candidate],
  );
  const session = r.rows[0];
  const created = session?.local_key ? candidate.equals(Buffer.from(session.local_key)) : false;
  if (created && req.server.config.audit.enabled)
    await appendAudit(tx, [keyIssued(req, auth, offlinePatientData)]);
  return session;
}

/** `session.offline_key`: the session's own event, as `login.success` is. */
function keyIssued(
  req: FastifyRequest,
  auth: AuthContext,
  offlinePatientData: boolean,
): AuditEvent {
  const agent = req.headers['user-agent'];
  return {
    at: req.server.config.now(),
    userId: auth.user.id,
    sessionId: auth.sessionId,
    accessLevel: auth.user.access_level,
    organisationId: auth.user.hospital_id,
    networkId: auth.user.network_id,
    clientIp: req.ip,
    userAgent: typeof agent === 'string' ? agent.slice(0, USER_AGENT_MAX) : null,
    action: 'session.offline_key',
    resourceType: 'session',
    resourceId: String(auth.sessionId),
    patientId: null,
    outcome: 'allowed',
    status: 200,
    detail: { offline_patient_data: offlinePatientData },
  };
}
