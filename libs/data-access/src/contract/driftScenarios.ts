/**
 * Where the mock backend answered otherwise than the server (found in review): each scenario is
 * what a person would notice, played on MSW and on the real server. The real server's database
 * is shared by every scenario of a run, so these make their own records and leave the seed alone.
 */
import { authEndpoints, pathOf, type EndpointShape } from '@pando/domain';
import { DEMO_ACCOUNTS } from '@pando/domain/demo';
import { expect } from 'vitest';
import * as admin from '../api/admin';
import * as advice from '../api/advice';
import * as auth from '../api/auth';
import * as chatRoom from '../api/chatRoom';
import * as teams from '../api/teams';
import { call } from '../http/endpoint';
import type { Scenario, ScenarioContext } from './scenarios';
import { ok, status } from './results';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

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
  {
    area: 'teams',
    name: 'an administrator deletes an advice channel: lookups and lists no longer find it (404), its member loses it, but the requester’s open question keeps the channel’s name and opens',
    async run({ logIn }) {
      const net = await logIn(DEMO_ACCOUNTS.networkAdmin);
      const aliceBrowser = await logIn(DEMO_ACCOUNTS.alice);
      const bobBrowser = await logIn(DEMO_ACCOUNTS.bob);
      const bob = await auth.getCurrentUser(bobBrowser.http);
      const name = `Sepsis Advice ${unique()}`;
      const channel = ok(
        await admin.createAdminTeam(net.http, 'advice', { name, members: [bob.id] }),
      );
      const asked = ok(
        await advice.createAdviceConversation(
          aliceBrowser.http,
          channel.id,
          'Lactate 4: escalate?',
        ),
      );
      ok(await admin.deleteAdminTeam(net.http, 'advice', channel.id));

      expect(await status(teams.getTeam(aliceBrowser.http, channel.id))).toBe(404);
      expect(await status(admin.deleteAdminTeam(net.http, 'advice', channel.id))).toBe(404);
      expect((await admin.getAdminTeams(net.http, 'advice', { q: name })).results).toEqual([]);
      const forBob = await teams.getTeamsWithAdviceConversations(bobBrowser.http);
      expect(forBob.advice_conversations.map((a) => a.id)).not.toContain(asked.id);
      const forAlice = await teams.getTeamsWithAdviceConversations(aliceBrowser.http);
      const question = forAlice.advice_conversations.find((a) => a.id === asked.id);
      expect(question?.team?.name).toBe(name);
      expect((await chatRoom.getChatRoom(aliceBrowser.http, asked.mim_id)).type).toBe(
        'ADVICE_CONVERSATION',
      );
    },
  },
];
