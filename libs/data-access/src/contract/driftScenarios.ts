/**
 * What a person would notice where the mock backend once answered otherwise than the server
 * (found in review; the mock is gone, issue 38): each scenario pins the server's answer. The
 * listening server's database is shared by every scenario of a run, so these make their own
 * records and leave the seed alone.
 */
import {
  authEndpoints,
  exportPdf,
  MAX_LOGIN_CODE_ATTEMPTS,
  defaultNewTemplate,
  pathOf,
  SearchUserSchema,
  teamsEndpoints,
  TEXTS,
  uploadsEndpoints,
  usersEndpoints,
  type EndpointShape,
} from '@pando/domain';
import { DEMO_ACCOUNTS } from '@pando/domain/demo';
import { expect } from 'vitest';
import * as admin from '../api/admin';
import * as advice from '../api/advice';
import * as auth from '../api/auth';
import * as chatRoom from '../api/chatRoom';
import * as files from '../api/files';
import * as forms from '../api/forms';
import * as images from '../api/images';
import * as login from '../api/login';
import * as search from '../api/search';
import * as teams from '../api/teams';
import { call } from '../http/endpoint';
import { isBadRequest } from '../http/errors';
import type { Scenario, ScenarioContext } from './scenarios';
import { ok, status } from './results';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** A real 1×1 PNG (the server types uploads by their bytes). */
const ONE_PIXEL_PNG = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  ),
  (c) => c.charCodeAt(0),
);

/** Ward 7 Team and an open advice question of alice's: chats carol (Riverside) is not in. */
async function alicesChats(logIn: ScenarioContext['logIn']) {
  const lists = await teams.getTeamsWithAdviceConversations(
    (await logIn(DEMO_ACCOUNTS.alice)).http,
  );
  const ward7 = lists.teams.find((t) => t.name === 'Ward 7 Team');
  const question = lists.advice_conversations[0];
  if (!ward7 || !question) throw new Error("expected alice's Ward 7 Team and an advice question");
  return { ward7: ward7.id, question: question.id };
}

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
  {
    area: 'images',
    name: 'carol shares her chat image with alice (same network), but not into Ward 7 Team or alice’s advice question she is not in, nor with dave of another network (404)',
    async run({ logIn }) {
      const chats = await alicesChats(logIn);
      const alice = await auth.getCurrentUser((await logIn(DEMO_ACCOUNTS.alice)).http);
      const dave = await auth.getCurrentUser((await logIn(DEMO_ACCOUNTS.dave)).http);
      const carol = await logIn(DEMO_ACCOUNTS.carol);
      const { id } = ok(await images.createChatImage(carol.http));
      const form = new FormData();
      form.append('image', new Blob([ONE_PIXEL_PNG], { type: 'image/png' }), 'rash.png');
      ok(await call(carol.http, uploadsEndpoints.uploadChatImage, { params: { id }, body: form }));
      const share = (kind: 'user' | 'team' | 'advice', target: number) =>
        status(images.shareChatImage(carol.http, id, { kind, id: target }));
      expect(await share('team', chats.ward7)).toBe(404);
      expect(await share('advice', chats.question)).toBe(404);
      expect(await share('user', dave.id)).toBe(404);
      expect(await share('user', alice.id)).toBe(200);
    },
  },
  {
    area: 'files',
    name: 'carol’s file for a chat she is not in, or for a person of another network, is refused with a 400 naming the list',
    async run({ logIn }) {
      const chats = await alicesChats(logIn);
      const dave = await auth.getCurrentUser((await logIn(DEMO_ACCOUNTS.dave)).http);
      const carol = await logIn(DEMO_ACCOUNTS.carol);
      const upload = async (audience: files.FileAudience) => {
        const png = new Blob([ONE_PIXEL_PNG], { type: 'image/png' });
        const result = await files.uploadFile(carol.http, png, 'scan.png', audience);
        return isBadRequest(result) ? result.body : result;
      };
      expect(await upload({ team_ids: [chats.ward7] })).toMatchObject({
        details: [{ path: 'team_ids' }],
      });
      expect(await upload({ advice_ids: [chats.question] })).toMatchObject({
        details: [{ path: 'advice_ids' }],
      });
      expect(await upload({ user_ids: [dave.id] })).toMatchObject({
        details: [{ path: 'user_ids' }],
      });
      expect(await upload({})).toMatchObject({ filename: 'scan.png' });
    },
  },
  {
    area: 'search',
    name: 'alice’s search pages list people by last name, then teams by name, and each page says where it is (meta.page, links self/first/last/prev/next)',
    async run({ logIn }) {
      const alice = await logIn(DEMO_ACCOUNTS.alice);
      const params: search.SearchParams = {
        query: 'e',
        includes: ['user.other', 'team.member-of', 'team.forum', 'team.advice'],
      };
      const first = await search.search(alice.http, params, 1);
      const pages = Math.ceil(first.meta.total / first.results.length);
      expect(pages).toBeGreaterThan(1);
      expect(first.meta.page).toEqual({ number: 1, size: first.results.length });
      const pageOf = (link: string | null | undefined) =>
        link ? new URL(link, 'http://x').searchParams.get('page[number]') : link;
      expect(first.links).toMatchObject({ prev: null });
      expect(
        [first.links.self, first.links.first, first.links.next, first.links.last].map(pageOf),
      ).toEqual(['1', '1', '2', String(pages)]);
      const hits = [...first.results];
      for (let page = 2; page <= Math.min(pages, 10); page++) {
        const next = await search.search(alice.http, params, page);
        expect(pageOf(next.links.prev)).toBe(String(page - 1));
        hits.push(...next.results);
      }
      const key = (h: (typeof hits)[number]) =>
        h.type === 'USER'
          ? `0 ${h.data.last_name.toLowerCase()}\u0000${h.data.first_name.toLowerCase()}`
          : `1 ${h.data.name.toLowerCase()}`;
      const keys = hits.map(key);
      expect(keys).toEqual([...keys].sort());
      expect(new Set(hits.map((h) => `${h.type}${h.data.id}`)).size).toBe(hits.length);
    },
  },
  {
    area: 'teams',
    name: 'an advice question stays in both sides’ sidebars while one side has resolved it, and leaves both once the team accepts (it is in the history)',
    async run({ logIn }) {
      const aliceBrowser = await logIn(DEMO_ACCOUNTS.alice);
      const bobBrowser = await logIn(DEMO_ACCOUNTS.bob);
      const found = await search.search(aliceBrowser.http, {
        query: 'Cardiology',
        includes: ['team.advice'],
      });
      const teamId = found.results.find((r) => r.type === 'TEAM')?.data.id;
      if (teamId === undefined) throw new Error('expected Cardiology Advice in the results');
      const asked = ok(
        await advice.createAdviceConversation(aliceBrowser.http, teamId, 'K+ 6.1: repeat first?'),
      );
      const listed = async () =>
        Promise.all(
          [aliceBrowser, bobBrowser].map(async (b) =>
            (await teams.getTeamsWithAdviceConversations(b.http)).advice_conversations.some(
              (a) => a.id === asked.id,
            ),
          ),
        );
      ok(await advice.changeAdviceConversation(aliceBrowser.http, teamId, asked.id, 'resolve'));
      expect(await listed()).toEqual([true, true]);
      ok(await advice.changeAdviceConversation(bobBrowser.http, teamId, asked.id, 'accept'));
      expect(await listed()).toEqual([false, false]);
      const history = await advice.getAdviceHistoryPage(aliceBrowser.http, 0);
      expect(history.results.map((a) => a.id)).toContain(asked.id);
    },
  },
  {
    area: 'teams',
    name: 'the sidebar lists advice questions latest activity first: a newer question above an older one, one just resolved back on top',
    async run({ logIn }) {
      const alice = await logIn(DEMO_ACCOUNTS.alice);
      const found = await search.search(alice.http, {
        query: 'Cardiology',
        includes: ['team.advice'],
      });
      const teamId = found.results.find((r) => r.type === 'TEAM')?.data.id;
      if (teamId === undefined) throw new Error('expected Cardiology Advice in the results');
      const first = ok(await advice.createAdviceConversation(alice.http, teamId, 'Na+ 128?'));
      const second = ok(await advice.createAdviceConversation(alice.http, teamId, 'INR 4.2?'));
      const order = async () =>
        (await teams.getTeamsWithAdviceConversations(alice.http)).advice_conversations;
      const asked = await order();
      const ids = asked.map((a) => a.id);
      expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
      ok(await advice.changeAdviceConversation(alice.http, teamId, first.id, 'resolve'));
      const listed = await order();
      // Latest activity first, ties by the newer question (the server's modified_at desc, id desc).
      const byActivity = [...listed].sort(
        (a, b) => Date.parse(b.modified_at) - Date.parse(a.modified_at) || b.id - a.id,
      );
      expect(listed.map((a) => a.id)).toEqual(byActivity.map((a) => a.id));
      const at = (id: number) => Date.parse(listed.find((a) => a.id === id)?.modified_at ?? '');
      if (at(first.id) > at(second.id)) expect(listed[0]?.id).toBe(first.id);
    },
  },
  {
    area: 'teams',
    name: 'the sidebar lists teams by name, case-insensitively, not in the order they were made (the server’s order by lower(name), id)',
    async run({ logIn }) {
      const alice = await logIn(DEMO_ACCOUNTS.alice);
      const tag = unique();
      for (const name of [`Zulu ${tag}`, `alpha ${tag}`, `Mike ${tag}`])
        ok(await teams.createTeam(alice.http, { name, user_ids: [] }));
      const lists = await teams.getTeamsWithAdviceConversations(alice.http);
      expect(lists.teams.filter((t) => t.name.endsWith(tag)).map((t) => t.name)).toEqual([
        `alpha ${tag}`,
        `Mike ${tag}`,
        `Zulu ${tag}`,
      ]);
    },
  },
  {
    area: 'search',
    name: 'a person found by search shows name, organisation and role, never their email or access level (privacy: only the hit’s declared fields)',
    async run({ logIn }) {
      const alice = await logIn(DEMO_ACCOUNTS.alice);
      // The raw answer: the client's schema would drop extra fields and hide the leak.
      const response = await alice.fetch(
        alice.http.url(pathOf(usersEndpoints.search, undefined), { include: 'user.other' }),
        { headers: alice.http.headers },
      );
      expect(response.status).toBe(200);
      const body = (await response.json()) as { results: { USER?: { data: object } }[] };
      const people = body.results.flatMap((r) => (r.USER ? [r.USER.data] : []));
      expect(people.length).toBeGreaterThan(1);
      expect(people[0]).toMatchObject({ hospital: { name: 'St Elsewhere General' } });
      const undeclared = people.flatMap((p) =>
        Object.keys(p).filter((k) => !(k in SearchUserSchema.shape)),
      );
      expect([...new Set(undeclared)]).toEqual([]);
      expect(JSON.stringify(people)).not.toContain('@');
    },
  },
  {
    area: 'auth',
    name: 'a login survives 4 wrong codes; after 5 it is dead: the right code is refused too (400 naming authorization_code), no session starts, and a new code works',
    async run({ openBrowser, requestCode }) {
      const wrongGuesses = async (browser: Browser, count: number) => {
        const code = await requestCode(browser, DEMO_ACCOUNTS.bob);
        const wrong = code === 'AAA-AAA' ? 'BBB-BBB' : 'AAA-AAA';
        for (let i = 0; i < count; i++) {
          const result = await login.validateLoginCode(browser.http, { authorization_code: wrong });
          expect(isBadRequest(result) && result.body).toMatchObject({
            details: [{ path: 'authorization_code' }],
          });
        }
        return login.validateLoginCode(browser.http, { authorization_code: code });
      };
      const patient = openBrowser();
      ok(await wrongGuesses(patient, MAX_LOGIN_CODE_ATTEMPTS - 1));
      expect((await auth.getCurrentUser(patient.http)).email).toBe(DEMO_ACCOUNTS.bob);

      const guesser = openBrowser();
      const dead = await wrongGuesses(guesser, MAX_LOGIN_CODE_ATTEMPTS);
      expect(isBadRequest(dead) && dead.body).toMatchObject({
        details: [{ path: 'authorization_code' }],
      });
      expect(await status(auth.getCurrentUser(guesser.http))).toBe(401);
      ok(await wrongGuesses(guesser, 0));
      expect((await auth.getCurrentUser(guesser.http)).email).toBe(DEMO_ACCOUNTS.bob);
    },
  },
  {
    area: 'auth',
    name: 'a call that changes data sent as a form, plain text or with no type is refused (403, “must send Content-Type: application/json”) before anything else: logout keeps the session, no team is made, and without a session it is 403, not 401',
    async run({ logIn, openBrowser }) {
      const alice = await logIn(DEMO_ACCOUNTS.alice);
      const send = async (
        browser: Browser,
        declaration: EndpointShape,
        request: { type?: string; body?: string } = {},
      ) => {
        const response = await browser.fetch(browser.http.url(pathOf(declaration, undefined)), {
          method: declaration.method,
          headers: {
            ...browser.http.headers,
            ...(request.type ? { 'Content-Type': request.type } : {}),
          },
          ...(request.body === undefined ? {} : { body: request.body }),
        });
        const text = await response.text();
        return { status: response.status, message: text ? (JSON.parse(text) as object) : {} };
      };
      const refused = { status: 403, message: { message: TEXTS.jsonContentTypeRequired } };
      const name = `Form team ${unique()}`;
      expect(await send(alice, authEndpoints.logout)).toMatchObject(refused);
      expect(await send(openBrowser(), authEndpoints.logout)).toMatchObject(refused);
      const form = { type: 'application/x-www-form-urlencoded', body: `name=${name}` };
      expect(await send(alice, teamsEndpoints.createTeam, form)).toMatchObject(refused);
      const plain = { type: 'text/plain', body: JSON.stringify({ name, user_ids: [] }) };
      expect(await send(alice, teamsEndpoints.createTeam, plain)).toMatchObject(refused);
      const lists = await teams.getTeamsWithAdviceConversations(alice.http);
      expect(lists.teams.map((t) => t.name)).not.toContain(name);
      expect((await auth.getCurrentUser(alice.http)).email).toBe(DEMO_ACCOUNTS.alice);
      const asJson = { type: 'application/json; charset=utf-8' };
      expect((await send(alice, authEndpoints.logout, asJson)).status).toBe(204);
    },
  },
  {
    area: 'forms',
    name: 'a form’s uploaded image has a thumbnail; an uploaded PDF has none (404), though the PDF itself opens',
    async run({ logIn }) {
      const alice = await logIn(DEMO_ACCOUNTS.alice);
      const pdf = exportPdf(defaultNewTemplate({ author: 'Contract', created_by_id: 0 }));
      const upload = (bytes: Uint8Array<ArrayBuffer>, type: string, name: string) =>
        forms.uploadStructuredFile(alice.http, new Blob([bytes], { type }), name);
      const open = async (guid: string, thumbnail: boolean) =>
        (await alice.fetch(forms.structuredFileUrl(alice.http, guid, thumbnail))).status;
      const document = await upload(pdf, 'application/pdf', 'observations.pdf');
      const image = await upload(ONE_PIXEL_PNG, 'image/png', 'wound.png');
      expect(await open(document, true)).toBe(404);
      expect(await open(document, false)).toBe(200);
      expect(await open(image, true)).toBe(200);
      await forms.deleteStructuredFile(alice.http, document);
      await forms.deleteStructuredFile(alice.http, image);
    },
  },
];
