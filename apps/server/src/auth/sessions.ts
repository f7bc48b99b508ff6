import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Database, DatabaseTx } from '../db/client.js';
import { unauthorized } from '../http/errors.js';
import { findUserById, type UserRecord } from '../users/repo.js';
import { readCookie, sessionCookieName } from './cookies.js';
import { randomToken, sha256 } from './crypto.js';

export interface AuthContext {
  user: UserRecord;
  /** The session behind the call (a bearer token is tied to the session that issued it). */
  sessionId: number;
  via: 'cookie' | 'bearer';
}

/** last_seen_at is written at most once a minute: idle expiry has minute precision anyway. */
const TOUCH_INTERVAL_MS = 60_000;

export async function createSession(
  tx: DatabaseTx,
  config: Config,
  input: {
    userId: number;
    fcmToken?: string | undefined;
    userAgent?: string | undefined;
    ip: string;
  },
): Promise<{ token: string; sessionId: number; accessToken: string; accessTokenExpiresAt: Date }> {
  const now = config.now();
  const token = randomToken();
  const r = await tx.query<{ id: number }>(
    `insert into sessions (token_hash, user_id, fcm_token, user_agent, ip, created_at, last_seen_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $6, $7) returning id`,
    [
      sha256(token),
      input.userId,
      input.fcmToken ?? null,
      input.userAgent?.slice(0, 500) ?? null,
      input.ip,
      now,
      new Date(now.getTime() + config.sessionAbsoluteMs),
    ],
  );
  const sessionId = r.rows[0]?.id;
  if (sessionId === undefined) throw new Error('session insert returned no row');
  const accessToken = randomToken();
  const accessTokenExpiresAt = new Date(now.getTime() + config.accessTokenMs);
  await tx.query(
    `insert into access_tokens (token_hash, user_id, session_id, created_at, expires_at) values ($1, $2, $3, $4, $5)`,
    [sha256(accessToken), input.userId, sessionId, now, accessTokenExpiresAt],
  );
  return { token, sessionId, accessToken, accessTokenExpiresAt };
}

interface SessionRow {
  id: number;
  user_id: number;
  last_seen_at: Date;
  expires_at: Date;
}

/** A session is alive until its absolute expiry and while it has been used within the idle window. */
function sessionAlive(s: SessionRow, config: Config, now: Date): boolean {
  return (
    now.getTime() < s.expires_at.getTime() &&
    now.getTime() < s.last_seen_at.getTime() + config.sessionIdleMs
  );
}

async function sessionFromCookie(
  db: Database,
  config: Config,
  token: string,
): Promise<AuthContext | null> {
  const now = config.now();
  const r = await db.query<SessionRow>(
    'select id, user_id, last_seen_at, expires_at from sessions where token_hash = $1',
    [sha256(token)],
  );
  const s = r.rows[0];
  if (!s) return null;
  if (!sessionAlive(s, config, now)) {
    await db.query('delete from sessions where id = $1', [s.id]);
    return null;
  }
  const user = await findUserById(db, s.user_id);
  if (!user || user.blocked) return null;
  if (now.getTime() - s.last_seen_at.getTime() > TOUCH_INTERVAL_MS) {
    await db.query('update sessions set last_seen_at = $2 where id = $1', [s.id, now]);
  }
  return { user, sessionId: s.id, via: 'cookie' };
}

async function sessionFromBearer(
  db: Database,
  config: Config,
  token: string,
): Promise<AuthContext | null> {
  const now = config.now();
  const r = await db.query<SessionRow & { token_expires_at: Date }>(
    `select s.id, s.user_id, s.last_seen_at, s.expires_at, t.expires_at as token_expires_at
       from access_tokens t join sessions s on s.id = t.session_id
      where t.token_hash = $1`,
    [sha256(token)],
  );
  const s = r.rows[0];
  if (!s || now.getTime() >= s.token_expires_at.getTime() || !sessionAlive(s, config, now))
    return null;
  const user = await findUserById(db, s.user_id);
  if (!user || user.blocked) return null;
  return { user, sessionId: s.id, via: 'bearer' };
}

const cache = new WeakMap<FastifyRequest, Promise<AuthContext | null>>();

/** The caller, from the session cookie or an `Authorization: Bearer` access token; null if neither. */
export function authenticate(
  app: FastifyInstance,
  req: FastifyRequest,
): Promise<AuthContext | null> {
  let p = cache.get(req);
  if (!p) {
    const header = req.headers.authorization;
    const bearer = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    const cookie = readCookie(req, sessionCookieName(app.config));
    p = bearer
      ? sessionFromBearer(app.db, app.config, bearer)
      : cookie
        ? sessionFromCookie(app.db, app.config, cookie)
        : Promise.resolve(null);
    cache.set(req, p);
  }
  return p;
}

/** Like authenticate, but a missing or dead session is a 401 (the client goes to /login). */
export async function requireUser(app: FastifyInstance, req: FastifyRequest): Promise<AuthContext> {
  const auth = await authenticate(app, req);
  if (!auth) throw unauthorized();
  return auth;
}

/** Deletes sessions server-side and tells the chat server to drop their sockets. */
export async function revokeSessions(
  app: FastifyInstance,
  where: { sessionId: number } | { userId: number },
): Promise<void> {
  const r =
    'sessionId' in where
      ? await app.db.query<{ id: number; user_id: number }>(
          'delete from sessions where id = $1 returning id, user_id',
          [where.sessionId],
        )
      : await app.db.query<{ id: number; user_id: number }>(
          'delete from sessions where user_id = $1 returning id, user_id',
          [where.userId],
        );
  for (const row of r.rows)
    app.events.emit('session:revoked', { userId: row.user_id, sessionId: row.id });
}
