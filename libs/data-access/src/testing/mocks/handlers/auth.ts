import { authEndpoints, systemEndpoints, TEXTS } from '@pando/domain';
import { HttpResponse } from 'msw';
import { http } from './http';
import { CHALLENGE_COOKIE, SESSION_COOKIE, type MockBackend } from '../backend';
import { declaredHandlers } from './endpoint';
import { apiError, embeds, sessionOf, unauthorised, wireUser } from './util';

/** The server's default idle lifetime of a session (SESSION_IDLE_MINUTES, 12 hours). */
const SESSION_IDLE_MS = 12 * 60 * 60_000;

const cookie = (name: string, value: string, maxAge: number) =>
  `${name}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}`;

/**
 * Auth (spec 01 §7), declared (@pando/domain authEndpoints), the health check and the dev mailbox
 * (ARCHITECTURE "Runtime"), mirroring the real server.
 */
export function authHandlers(backend: MockBackend) {
  const e = authEndpoints;
  const handle = declaredHandlers(backend);
  /** The session of the request's cookie (never a bearer token's). */
  const cookieSession = (cookies: Record<string, string>) =>
    backend.session(cookies[SESSION_COOKIE]);
  return [
    handle(e.requestLoginCode, ({ body: { email } }) => {
      const challenge = backend.startLogin(email);
      return HttpResponse.json(
        { message: `Email sent to ${email}` },
        { headers: { 'Set-Cookie': cookie(CHALLENGE_COOKIE, challenge, 900) } },
      );
    }),
    handle(e.validateLoginCode, ({ body, query, cookies }) => {
      const outcome = backend.finishLogin(cookies[CHALLENGE_COOKIE], body.authorization_code);
      if (!outcome.ok) {
        const message = outcome.status === 403 ? TEXTS.noPermission : 'Invalid code';
        return apiError(outcome.status, message, {
          details: [{ path: 'authorization_code', message }],
        });
      }
      backend.endSessions((s) => s.token === cookies[SESSION_COOKIE]);
      const headers = new Headers();
      headers.append('Set-Cookie', cookie(CHALLENGE_COOKIE, '', 0));
      if (query.cookie === 'true')
        headers.append('Set-Cookie', cookie(SESSION_COOKIE, outcome.session.token, 86_400));
      return HttpResponse.json(
        { access_token: outcome.session.access_token, expires_in: 3600 },
        { headers },
      );
    }),
    handle(e.chatToken, () => HttpResponse.json({ token: backend.randomToken() })),
    // As the server: the session cookie (never a token) renews the bearer token; the mock's
    // tokens live as long as their session, so the session's own is handed out again.
    handle(e.accessToken, ({ cookies }) => {
      const session = cookieSession(cookies);
      if (!session) return apiError(403, TEXTS.tokenRenewCookieOnly);
      return HttpResponse.json({ access_token: session.access_token, expires_in: 3600 });
    }),
    // Issue 37, as the server (src/auth/offlineKey.ts): the session cookie's key, the same for
    // the session's life and gone with it; never for a bearer token (403). The mock keeps no
    // last-seen time: expires_at is the server's idle window (12 hours) from now.
    handle(e.offlineKey, ({ caller, cookies }) => {
      const session = cookieSession(cookies);
      if (!session) return apiError(403, TEXTS.offlineKeyCookieOnly);
      return HttpResponse.json({
        key: backend.offlineKey(session),
        expires_at: new Date(backend.now().getTime() + SESSION_IDLE_MS).toISOString(),
        offline_patient_data: backend.hospital(caller.hospital_id)?.offline_patient_data ?? true,
      });
    }),
    handle(e.currentUser, ({ caller, request }) => {
      const network = backend.networkOf(caller);
      return HttpResponse.json({
        ...wireUser(backend, caller, embeds(request).has('hospital')),
        network_name: network?.name ?? null,
        network_features: network?.features ?? {},
      });
    }),
    // As the server: the session of the cookie or of a bearer token ends (`single=false`: every
    // session of its user); a stale cookie or token is still answered 204, no credential is a 401.
    handle(e.logout, ({ request, cookies, query }) => {
      const session = sessionOf(backend, cookies, request);
      if (session)
        backend.endSessions((s) =>
          query.single === 'false' ? s.user_id === session.user_id : s === session,
        );
      else if (cookies[SESSION_COOKIE] === undefined && !request.headers.has('authorization'))
        return unauthorised();
      return new HttpResponse(null, {
        status: 204,
        headers: { 'Set-Cookie': cookie(SESSION_COOKIE, '', 0) },
      });
    }),
    // The mock backend has no database to reach.
    handle(systemEndpoints.health, () => HttpResponse.json({ status: 'ok', database: 'ok' })),
    // Outside /api/v4 (not a declared endpoint): only a development server has it.
    http.get('*/api/dev/mailbox', ({ request }) => {
      const to = new URL(request.url).searchParams.get('to')?.trim().toLowerCase();
      const results = backend.state.mailbox
        .filter((mail) => !to || mail.to === to)
        .map((mail) => ({ ...mail, attachments: mail.attachments ?? [] }));
      return HttpResponse.json({ results });
    }),
  ];
}
