import { AuthRequestSchema, AuthValidateRequestSchema, TEXTS } from '@pando/domain';
import { HttpResponse } from 'msw';
import { http } from './http';
import { CHALLENGE_COOKIE, SESSION_COOKIE, type MockBackend } from '../backend';
import { guard } from './guard';
import { api, apiError, embeds, parseBody, requireUser, unauthorised, wireUser } from './util';

/** The server's default idle lifetime of a session (SESSION_IDLE_MINUTES, 12 hours). */
const SESSION_IDLE_MS = 12 * 60 * 60_000;

const cookie = (name: string, value: string, maxAge: number) =>
  `${name}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}`;

/** Auth (spec 01 §7) and the dev mailbox (ARCHITECTURE "Runtime"), mirroring the real server. */
export function authHandlers(backend: MockBackend) {
  return [
    http.post(
      api('/auth'),
      guard(async ({ request }) => {
        const { email } = await parseBody(request, AuthRequestSchema);
        const challenge = backend.startLogin(email);
        return HttpResponse.json(
          { message: `Email sent to ${email}` },
          { headers: { 'Set-Cookie': cookie(CHALLENGE_COOKIE, challenge, 900) } },
        );
      }),
    ),
    http.post(
      api('/auth/validate'),
      guard(async ({ request, cookies }) => {
        const body = await parseBody(request, AuthValidateRequestSchema);
        const outcome = backend.finishLogin(cookies[CHALLENGE_COOKIE], body.authorization_code);
        if (!outcome.ok) {
          const message = outcome.status === 403 ? TEXTS.noPermission : 'Invalid code';
          return apiError(outcome.status, message, {
            details: [{ path: 'authorization_code', message }],
          });
        }
        backend.endSession(cookies[SESSION_COOKIE]);
        const useCookie = new URL(request.url).searchParams.get('cookie') === 'true';
        const headers = new Headers();
        headers.append('Set-Cookie', cookie(CHALLENGE_COOKIE, '', 0));
        if (useCookie)
          headers.append('Set-Cookie', cookie(SESSION_COOKIE, outcome.session.token, 86_400));
        return HttpResponse.json(
          { access_token: outcome.session.access_token, expires_in: 3600 },
          { headers },
        );
      }),
    ),
    http.get(
      api('/login/token'),
      guard(({ request, cookies }) => {
        requireUser(backend, cookies, request);
        return HttpResponse.json({ token: backend.randomToken() });
      }),
    ),
    // As the server: the session cookie (never a token) renews the bearer token; the mock's
    // tokens live as long as their session, so the session's own is handed out again.
    http.get(
      api('/login/access-token'),
      guard(({ request, cookies }) => {
        requireUser(backend, cookies, request);
        const session = backend.state.sessions.find((s) => s.token === cookies[SESSION_COOKIE]);
        if (!session) return apiError(403, TEXTS.tokenRenewCookieOnly);
        return HttpResponse.json({ access_token: session.access_token, expires_in: 3600 });
      }),
    ),
    // Issue 37, as the server (src/auth/offlineKey.ts): the session cookie's key, the same for
    // the session's life and gone with it; never for a bearer token (403). The mock keeps no
    // last-seen time: expires_at is the server's idle window (12 hours) from now.
    http.get(
      api('/login/offline-key'),
      guard(({ request, cookies }) => {
        const user = requireUser(backend, cookies, request);
        const session = backend.state.sessions.find((s) => s.token === cookies[SESSION_COOKIE]);
        if (!session) return apiError(403, TEXTS.offlineKeyCookieOnly);
        return HttpResponse.json({
          key: backend.offlineKey(session),
          expires_at: new Date(backend.now().getTime() + SESSION_IDLE_MS).toISOString(),
          offline_patient_data: backend.hospital(user.hospital_id)?.offline_patient_data ?? true,
        });
      }),
    ),
    http.get(
      api('/login/current'),
      guard(({ request, cookies }) => {
        const user = requireUser(backend, cookies, request);
        const network = backend.networkOf(user);
        return HttpResponse.json({
          ...wireUser(backend, user, embeds(request).has('hospital')),
          network_name: network?.name ?? null,
          network_features: network?.features ?? {},
        });
      }),
    ),
    http.delete(
      api('/login'),
      guard(({ cookies }) => {
        const had = backend.endSession(cookies[SESSION_COOKIE]);
        if (!had && cookies[SESSION_COOKIE] === undefined) return unauthorised();
        return new HttpResponse(null, {
          status: 204,
          headers: { 'Set-Cookie': cookie(SESSION_COOKIE, '', 0) },
        });
      }),
    ),
    http.get('*/api/dev/mailbox', ({ request }) => {
      const to = new URL(request.url).searchParams.get('to')?.trim().toLowerCase();
      const results = backend.state.mailbox
        .filter((mail) => !to || mail.to === to)
        .map((mail) => ({ ...mail, attachments: mail.attachments ?? [] }));
      return HttpResponse.json({ results });
    }),
  ];
}
