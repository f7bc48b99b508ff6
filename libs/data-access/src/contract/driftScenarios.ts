/**
 * Where the mock backend answered otherwise than the server (found in review): each scenario is
 * what a person would notice, played on MSW and on the real server. The real server's database
 * is shared by every scenario of a run, so these make their own records and leave the seed alone.
 */
import { authEndpoints, pathOf, type EndpointShape } from '@pando/domain';
import { DEMO_ACCOUNTS } from '@pando/domain/demo';
import { expect } from 'vitest';
import * as auth from '../api/auth';
import { call } from '../http/endpoint';
import type { Scenario, ScenarioContext } from './scenarios';
import { ok, status } from './results';

type Browser = ReturnType<ScenarioContext['openBrowser']>;

/** A call of a client that holds only an access token (no cookie): its status. */
async function withBearer(
  browser: Browser,
  token: string,
  declaration: EndpointShape,
  query?: Record<string, string>,
): Promise<number> {
  const response = await browser.fetch(browser.http.url(pathOf(declaration, undefined), query), {
    method: declaration.method,
    // JSON, as the HTTP client sends every call (the server refuses another type: CSRF).
    headers: {
      ...browser.http.headers,
      'Content-Type': 'application/json',
      Authorization: `Bearer ${token}`,
    },
  });
  return response.status;
}

export const driftScenarios: Scenario[] = [
  {
    area: 'auth',
    name: 'a client holding only a bearer token logs out (204): the token and the browser session it came from end; a stale token’s logout is 204 too',
    async run({ logIn, openBrowser }) {
      const alice = await logIn(DEMO_ACCOUNTS.alice);
      const { access_token: token } = ok(await call(alice.http, authEndpoints.accessToken, {}));
      const helper = openBrowser();
      expect(await withBearer(helper, token, authEndpoints.currentUser)).toBe(200);
      expect(await withBearer(helper, token, authEndpoints.logout, { single: 'true' })).toBe(204);
      expect(await withBearer(helper, token, authEndpoints.currentUser)).toBe(401);
      expect(await status(auth.getCurrentUser(alice.http))).toBe(401);
      expect(await withBearer(helper, token, authEndpoints.logout, { single: 'true' })).toBe(204);
    },
  },
];
