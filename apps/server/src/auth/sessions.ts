import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { endExpiredSessions } from '../audit/sessionExpiry.js';
import type { DatabaseTx } from '../db/client.js';
import type { sessions } from '../db/schema/index.js';
import { unauthorized } from '../http/errors.js';
import { findUserById, type UserRecord } from '../users/repo.js';
import type { ServerEvents } from '../events.js';
import { readCookie, sessionCookieName } from './cookies.js';
import { randomToken, sha256 } from './crypto.js';
import { SessionCache } from './sessionCache.js';

export interface AuthContext {
  user: UserRecord;
  /** The session behind the call (a bearer token is tied to the session that issued it). */
  sessionId: number;
  via: 'cookie' | 'bearer';
}

/** last_seen_at is written at most once a minute: idle expiry has minute precision anyway. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * How long a looked-up session may be reused without asking the database again. Logout, rotation,
 * blocking and user changes forget it at once; this only bounds what a forgotten notification
 * could leave stale (apps/server/README.md "Session cache").
 */
export const SESSION_CACHE_TTL_MS = 5_000;
const SESSION_CACHE_MAX_ENTRIES = 10_000;

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
  const { accessToken, accessTokenExpiresAt } = await issueAccessToken(tx, config, {
    userId: input.userId,
    sessionId,
  });
  return { token, sessionId, accessToken, accessTokenExpiresAt };
}

/**
 * A new bearer access token (spec 02 §7: analytics and structured forms) tied to a session: it
 * works while that session lives and for `ACCESS_TOKEN_MINUTES`. Issued at login and, when it
 * runs out, again through `GET /login/access-token` (the web client renews it before it expires).
 */
export async function issueAccessToken(
  tx: DatabaseTx,
  config: Config,
  input: { userId: number; sessionId: number },
): Promise<{ accessToken: string; accessTokenExpiresAt: Date }> {
  const now = config.now();
  const accessToken = randomToken();
  const accessTokenExpiresAt = new Date(now.getTime() + config.accessTokenMs);
  await tx.query(
    `insert into access_tokens (token_hash, user_id, session_id, created_at, expires_at) values ($1, $2, $3, $4, $5)`,
    [sha256(accessToken), input.userId, input.sessionId, now, accessTokenExpiresAt],
  );
  return { accessToken, accessTokenExpiresAt };
}

type SessionRow = Pick<
  typeof sessions.$inferSelect,
  'id' | 'user_id' | 'last_seen_at' | 'expires_at'
>;

/**
 * When a session ends if nothing uses it again: the earlier of its absolute expiry and its idle
 * expiry (`sessionIdleMs` after it was last seen). `last_seen_at` is written at most once a
 * minute, so this is up to a minute early, never late.
 */
export function sessionEndsAt(
  s: Pick<SessionRow, 'last_seen_at' | 'expires_at'>,
  config: Pick<Config, 'sessionIdleMs'>,
): Date {
  return new Date(
    Math.min(s.expires_at.getTime(), s.last_seen_at.getTime() + config.sessionIdleMs),
  );
}

/** A session is alive until its absolute expiry and while it has been used within the idle window. */
function sessionAlive(s: SessionRow, config: Config, now: Date): boolean {
  return now.getTime() < sessionEndsAt(s, config).getTime();
}

function touchDue(s: SessionRow, now: Date): boolean {
  return now.getTime() - s.last_seen_at.getTime() > TOUCH_INTERVAL_MS;
}

/** What the cache keeps per token: the answer and the times that decide whether it still holds. */
interface CachedAuth {
  auth: AuthContext;
  session: SessionRow;
  /** Bearer tokens only: the access token's own expiry. */
  tokenExpiresAt?: Date;
}

const caches = new WeakMap<ServerEvents, SessionCache<CachedAuth> | null>();

/**
 * The server's session cache (one per server: keyed by its event bus, which every plugin shares).
 * None when several processes share the database (REDIS_URL): a logout handled by one process
 * must be refused at once by the others too, and they do not hear this process's events.
 */
function sessionCache(app: FastifyInstance): SessionCache<CachedAuth> | null {
  let cache = caches.get(app.events);
  if (cache === undefined) {
    cache = app.config.redisUrl
      ? null
      : new SessionCache<CachedAuth>(SESSION_CACHE_TTL_MS, SESSION_CACHE_MAX_ENTRIES);
    if (cache) {
      const c = cache;
      app.events.on('session:revoked', ({ sessionId }) => {
        c.forgetSession(sessionId);
      });
      app.events.on('user:blocked', ({ userId }) => {
        c.forgetUser(userId);
      });
      app.events.on('user:changed', ({ userId }) => {
        c.forgetUser(userId);
      });
      app.events.on('database:restored', () => {
        c.clear();
      });
    }
    caches.set(app.events, cache);
  }
  return cache;
}

async function sessionFromCookie(app: FastifyInstance, token: string): Promise<AuthContext | null> {
  const { db, config } = app;
  const now = config.now();
  const tokenHash = sha256(token);
  const key = `cookie:${tokenHash}`;
  const cache = sessionCache(app);
  const hit = cache?.get(key, now.getTime());
  if (hit && sessionAlive(hit.value.session, config, now) && !touchDue(hit.value.session, now)) {
    return hit.value.auth;
  }
  const generation = cache?.begin() ?? 0;
  const r = await db.query<SessionRow>(
    'select id, user_id, last_seen_at, expires_at from sessions where token_hash = $1',
    [tokenHash],
  );
  let s = r.rows[0];
  if (!s) return null;
  if (!sessionAlive(s, config, now)) {
    cache?.delete(key);
    await endExpiredSessions(db, now, config.sessionIdleMs, s.id);
    return null;
  }
  const user = await findUserById(db, s.user_id);
  if (!user || user.blocked) return null;
  if (touchDue(s, now)) {
    await db.query('update sessions set last_seen_at = $2 where id = $1', [s.id, now]);
    s = { ...s, last_seen_at: now };
  }
  const auth: AuthContext = { user, sessionId: s.id, via: 'cookie' };
  cache?.set(
    key,
    { value: { auth, session: s }, sessionId: s.id, userId: user.id },
    generation,
    now.getTime(),
  );
  return auth;
}

async function sessionFromBearer(app: FastifyInstance, token: string): Promise<AuthContext | null> {
  const { db, config } = app;
  const now = config.now();
  const tokenHash = sha256(token);
  const key = `bearer:${tokenHash}`;
  const cache = sessionCache(app);
  const hit = cache?.get(key, now.getTime());
  if (
    hit?.value.tokenExpiresAt &&
    now.getTime() < hit.value.tokenExpiresAt.getTime() &&
    sessionAlive(hit.value.session, config, now)
  ) {
    return hit.value.auth;
  }
  const generation = cache?.begin() ?? 0;
  const r = await db.query<SessionRow & { token_expires_at: Date }>(
    `select s.id, s.user_id, s.last_seen_at, s.expires_at, t.expires_at as token_expires_at
       from access_tokens t join sessions s on s.id = t.session_id
      where t.token_hash = $1`,
    [tokenHash],
  );
  const s = r.rows[0];
  if (!s || now.getTime() >= s.token_expires_at.getTime() || !sessionAlive(s, config, now))
    return null;
  const user = await findUserById(db, s.user_id);
  if (!user || user.blocked) return null;
  const auth: AuthContext = { user, sessionId: s.id, via: 'bearer' };
  const { token_expires_at: tokenExpiresAt, ...session } = s;
  cache?.set(
    key,
    { value: { auth, session, tokenExpiresAt }, sessionId: s.id, userId: user.id },
    generation,
    now.getTime(),
  );
  return auth;
}

const perRequest = new WeakMap<FastifyRequest, Promise<AuthContext | null>>();

/**
 * The caller, from the session cookie or an `Authorization: Bearer` access token; null if neither.
 * Looked up once per request, and reused for a few seconds across requests (the session cache).
 */
export function authenticate(
  app: FastifyInstance,
  req: FastifyRequest,
): Promise<AuthContext | null> {
  let p = perRequest.get(req);
  if (!p) {
    const header = req.headers.authorization;
    const bearer = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    const cookie = readCookie(req, sessionCookieName(app.config));
    p = bearer
      ? sessionFromBearer(app, bearer)
      : cookie
        ? sessionFromCookie(app, cookie)
        : Promise.resolve(null);
    perRequest.set(req, p);
  }
  return p;
}

/** Like authenticate, but a missing or dead session is a 401 (the client goes to /login). */
export async function requireUser(app: FastifyInstance, req: FastifyRequest): Promise<AuthContext> {
  const auth = await authenticate(app, req);
  if (!auth) throw unauthorized();
  return auth;
}

/** A session deleted server-side, to announce once its deletion is committed. */
export interface RevokedSession {
  id: number;
  user_id: number;
}

/**
 * Deletes sessions inside `tx` (a transaction of a larger change: blocking a user). Nothing is
 * announced: once the transaction commits, the caller hands the rows to `announceRevoked`.
 */
export async function deleteSessions(
  tx: DatabaseTx,
  where: { sessionId: number } | { userId: number },
): Promise<RevokedSession[]> {
  const r =
    'sessionId' in where
      ? await tx.query<RevokedSession>('delete from sessions where id = $1 returning id, user_id', [
          where.sessionId,
        ])
      : await tx.query<RevokedSession>(
          'delete from sessions where user_id = $1 returning id, user_id',
          [where.userId],
        );
  return r.rows;
}

/**
 * After the deletion committed: `session:revoked` for each (the chat server drops their sockets,
 * the session cache forgets them). Announced before the commit, a rollback would have dropped
 * sockets of sessions that still live; the cache's generation keeps a lookup that raced the
 * commit from storing its answer.
 */
export function announceRevoked(app: FastifyInstance, revoked: readonly RevokedSession[]): void {
  for (const row of revoked)
    app.events.emit('session:revoked', { userId: row.user_id, sessionId: row.id });
}

/**
 * Deletes sessions server-side and emits `session:revoked` (the chat server drops their sockets,
 * the session cache forgets them). The cache also forgets them before the delete, so no request
 * is answered from it while the delete runs.
 */
export async function revokeSessions(
  app: FastifyInstance,
  where: { sessionId: number } | { userId: number },
): Promise<void> {
  const cache = sessionCache(app);
  if ('sessionId' in where) cache?.forgetSession(where.sessionId);
  else cache?.forgetUser(where.userId);
  announceRevoked(app, await deleteSessions(app.db, where));
}

/**
 * Which of these sessions are still alive: not deleted (logout), not past their absolute or idle
 * expiry, their user not blocked. The chat server asks at resource binding and then every
 * `XMPP_SESSION_CHECK_SECONDS`, and ends the sockets of the others (issue 14, finding 1).
 * Sessions in `used` had chat traffic since the last check: that is use of the session, so their
 * idle clock restarts, as a REST call's does (at most once a minute).
 */
export async function liveSessions(
  db: DatabaseTx,
  config: Pick<Config, 'now' | 'sessionIdleMs'>,
  ids: readonly number[],
  used: readonly number[] = [],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const now = config.now();
  const idleSince = new Date(now.getTime() - config.sessionIdleMs);
  if (used.length > 0) {
    await db.query(
      `update sessions set last_seen_at = $2
        where id = any($1::int[]) and expires_at > $2 and last_seen_at > $3 and last_seen_at < $4`,
      [used, now, idleSince, new Date(now.getTime() - TOUCH_INTERVAL_MS)],
    );
  }
  const r = await db.query<{ id: number }>(
    `select s.id from sessions s join users u on u.id = s.user_id
      where s.id = any($1::int[]) and s.expires_at > $2 and s.last_seen_at > $3 and not u.blocked`,
    [ids, now, idleSince],
  );
  return new Set(r.rows.map((row) => row.id));
}
