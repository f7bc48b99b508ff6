import type { FastifyInstance } from 'fastify';
import { authEndpoints, parseEmbed, TEXTS } from '@pando/domain';
import { auditNote } from '../audit/hooks.js';
import { callerOf } from '../authz/access.js';
import { route } from '../http/endpoint.js';
import { HttpError, unauthorized } from '../http/errors.js';
import { toWireCurrentUser } from '../users/repo.js';
import { issueChatToken } from './chatToken.js';
import { clearSessionCookie, readCookie, sessionCookieName } from './cookies.js';
import { offlineKeyOf } from './offlineKey.js';
import { issueAccessToken, revokeSessions } from './sessions.js';

/**
 * What a session gives (spec 01 §7): the chat password, a fresh access token, the current user,
 * the offline key, and logout.
 */
export function registerSessionRoutes(app: FastifyInstance): void {
  const { config } = app;
  const e = authEndpoints;

  route(app, e.chatToken, async (req) => {
    const auth = callerOf(req);
    const { token } = await issueChatToken(app.db, config, {
      userId: auth.user.id,
      sessionId: auth.sessionId,
    });
    return { token };
  });

  /**
   * A fresh bearer access token for the session of the cookie (the web client renews its token
   * here before it runs out). Only the session cookie renews it: a token cannot extend itself.
   */
  route(app, e.accessToken, async (req) => {
    const auth = callerOf(req);
    if (auth.via !== 'cookie') throw new HttpError(403, TEXTS.tokenRenewCookieOnly);
    const { accessToken } = await issueAccessToken(app.db, config, {
      userId: auth.user.id,
      sessionId: auth.sessionId,
    });
    return { access_token: accessToken, expires_in: Math.floor(config.accessTokenMs / 1000) };
  });

  route(app, e.currentUser, (req) =>
    Promise.resolve(
      toWireCurrentUser(callerOf(req).user, parseEmbed(req.query.embed).has('hospital')),
    ),
  );

  /**
   * The key of this session's encrypted offline copy (issue 37): 32 random bytes, made at the
   * first call and the same on every later one (two tabs asking at once included), with when
   * the session ends if nothing renews it and whether the caller's organisation allows patient
   * data offline. The key lives in `sessions.local_key` and goes with the session row: logout,
   * "sign out everywhere", a block and expiry delete it, and the next call is a 401.
   *
   * Decision: the session cookie only; a bearer access token gets 403, as for
   * `/login/access-token`. The token is tied to the same session (`AuthContext.sessionId`), but
   * it is a copyable credential (held in script memory, sent to the analytics and forms APIs,
   * usable from any machine for an hour), while the copy this key opens lives in the browser
   * that holds the HttpOnly cookie: a leaked token must not be enough to read a copied
   * IndexedDB. Answered `Cache-Control: no-store` (every API answer is, src/http/security.ts).
   */
  route(app, e.offlineKey, async (req) => {
    const auth = callerOf(req);
    if (auth.via !== 'cookie') throw new HttpError(403, TEXTS.offlineKeyCookieOnly);
    const answer = await offlineKeyOf(app, req, auth);
    // The session ended between its authentication and this read (a logout in another tab).
    if (!answer) throw unauthorized();
    return answer;
  });

  /**
   * Logout. `single=true` (what the web client sends) ends this session only; `single=false`
   * ends every session of the user, on every device.
   */
  // Without a live session the stale cookie is still cleared (below).
  route(
    app,
    e.logout,
    async (req, reply) => {
      const { single } = req.query;
      const auth = req.auth;
      if (auth) {
        auditNote(req, {
          resourceId: auth.sessionId,
          detail: { all_sessions: single === 'false' },
        });
        await revokeSessions(
          app,
          single === 'false' ? { userId: auth.user.id } : { sessionId: auth.sessionId },
        );
      }
      // Clearing the cookie even without a live session lets a stale browser recover cleanly.
      clearSessionCookie(reply, config);
      if (
        !auth &&
        readCookie(req, sessionCookieName(config)) === undefined &&
        !req.headers.authorization
      ) {
        throw new HttpError(401, TEXTS.needLogin);
      }
      return reply.code(204).send();
    },
    { audit: { action: 'logout', resource: 'session', change: true, id: null } },
  );
}
