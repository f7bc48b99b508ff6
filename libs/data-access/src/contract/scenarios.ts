/**
 * The contract suite: clinicians' actions written once against the endpoint functions and run
 * against the server twice (e2e/contract): embedded (answered by `inject`, the seed put back
 * before each scenario: what the demo, the stories and the client tests run on) and listening on
 * a socket (one database for the whole run). A scenario that passes on one and fails on the other
 * is a bug in the embedding or a scenario that leans on another's records.
 */
import { expect } from 'vitest';
import * as advice from '../api/advice';
import * as auth from '../api/auth';
import * as chatRoom from '../api/chatRoom';
import * as files from '../api/files';
import * as images from '../api/images';
import * as login from '../api/login';
import * as patientCards from '../api/patientCards';
import * as patients from '../api/patients';
import * as search from '../api/search';
import * as teams from '../api/teams';
import * as users from '../api/users';
import * as wards from '../api/wards';
import { createHttpClient, type HttpClient } from '../http/createHttpClient';
import { call } from '../http/endpoint';
import { isBadRequest } from '../http/errors';
import { createCookieJarFetch } from './cookieJarFetch';
import { DEMO_ACCOUNTS, DEMO_PEOPLE, generateDemoOrganisation } from '@pando/domain/demo';
import {
  patientsEndpoints,
  tasksForSave,
  TASKS_LIMIT,
  TEXTS,
  toggleTask,
  uploadsEndpoints,
} from '@pando/domain';
import { adminScenarios } from './adminScenarios';
import { driftScenarios } from './driftScenarios';
import { formsScenarios } from './formsScenarios';
import { offlineScenarios } from './offlineScenarios';
import { staleWriteScenarios } from './staleWriteScenarios';
import { ok, status } from './results';

/** The demo accounts the server seeds (@pando/domain/demo). */
const DEMO = DEMO_ACCOUNTS;

/** One person's browser: their HTTP client and the fetch (with its own cookie jar) beneath it. */
interface Browser {
  http: HttpClient;
  fetch: typeof fetch;
  navigations: string[];
}

export interface ContractTarget {
  /** `embedded` or `real-server`: the client build its calls name. */
  name: string;
  /** Origin the server answers on, e.g. `http://127.0.0.1:4123`. */
  origin: string;
  /** Raw fetch to reach it (the embedded server's `fetch`; global fetch to the listening one). */
  fetch: typeof fetch;
}

export interface ScenarioContext {
  target: ContractTarget;
  /** A fresh browser with no session. */
  openBrowser: () => Browser;
  /** A fresh browser logged in as `email` through the mailbox code, like a person would. */
  logIn: (email: string) => Promise<Browser>;
  /** Starts a login for `email` in `browser`: the code it mailed (`XXX-XXX`). */
  requestCode: (browser: Browser, email: string) => Promise<string>;
}

export interface Scenario {
  area:
    | 'auth'
    | 'users'
    | 'teams'
    | 'advice'
    | 'search'
    | 'chatRoom'
    | 'patientCards'
    | 'tasks'
    | 'patients'
    | 'wards'
    | 'images'
    | 'files'
    | 'admin'
    | 'forms';
  name: string;
  run: (ctx: ScenarioContext) => Promise<void>;
}

/**
 * Areas the server does not serve yet: both runs skip their scenarios, and the listening run
 * lists them as "not yet served". Empty: every area is served (the patients wave — cards, tasks,
 * patients, wards, patient images — landed with issue 18).
 */
export const PENDING_ON_SERVER: ReadonlySet<Scenario['area']> = new Set<Scenario['area']>([]);

/** A real 1×1 PNG: the real server decides image types by magic bytes and re-encodes them. */
const ONE_PIXEL_PNG = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  ),
  (c) => c.charCodeAt(0),
);

const silentLogger = { info() {}, warn() {}, error() {}, event() {} };

export function createScenarioContext(target: ContractTarget): ScenarioContext {
  const openBrowser = (): Browser => {
    const jarFetch = createCookieJarFetch(target.origin, target.fetch);
    const navigations: string[] = [];
    const http = createHttpClient({
      baseUrl: `${target.origin}/api/v4`,
      clientVersion: 'contract',
      clientBuild: target.name,
      notify: () => undefined,
      navigateToLogin: (url) => navigations.push(url),
      logger: silentLogger,
      getCurrentPath: () => '/',
      fetch: jarFetch,
    });
    return { http, fetch: jarFetch, navigations };
  };
  const requestCode = async (browser: Browser, email: string) => {
    const before = (await readMailbox(target, email)).length;
    ok(await login.requestLoginCode(browser.http, { email }));
    // Newest message first. The real server sends mail without awaiting it (delivery time must not reveal whether an
    // email is known), so wait for the new message rather than reading the mailbox at once.
    const deadline = Date.now() + 5_000;
    let mails = await readMailbox(target, email);
    while (mails.length <= before && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      mails = await readMailbox(target, email);
    }
    const code = /\b([A-Z0-9]{3}-[A-Z0-9]{3})\b/.exec(mails[0]?.text ?? '')?.[1];
    if (mails.length <= before || !code)
      throw new Error(`no new login code in the mailbox for ${email}`);
    return code;
  };
  return {
    target,
    openBrowser,
    requestCode,
    async logIn(email) {
      const browser = openBrowser();
      const code = await requestCode(browser, email);
      ok(await login.validateLoginCode(browser.http, { authorization_code: code }));
      return browser;
    },
  };
}

/** The server's dev mailbox (`GET /api/dev/mailbox?to=`). */
async function readMailbox(target: ContractTarget, email: string) {
  const response = await target.fetch(
    `${target.origin}/api/dev/mailbox?to=${encodeURIComponent(email)}`,
  );
  if (!response.ok) throw new Error(`dev mailbox answered ${response.status}`);
  const { results } = (await response.json()) as { results: { to: string; text: string }[] };
  return results;
}

/** The value, or a test failure saying what was missing (instead of a bare `!`). */
function must<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`expected ${what}`);
  return value;
}

export const scenarios: Scenario[] = [
  {
    area: 'auth',
    name: 'alice logs in with the code from her email and is the current user, with her hospital',
    async run({ logIn }) {
      const alice = await logIn(DEMO.alice);
      const me = await auth.getCurrentUser(alice.http);
      expect(me.email).toBe(DEMO.alice);
      expect(me.access_level).toBe('USER_VERIFIED');
      expect(me.hospital?.name).toBe('St Elsewhere General');
      expect(me.premium_features).toMatchObject({
        patient_cards: true,
        pagers: true,
        advice_channels: true,
      });
    },
  },
  {
    area: 'auth',
    name: 'a wrong code is refused with a 400 naming authorization_code, and no session starts',
    async run({ openBrowser }) {
      const browser = openBrowser();
      ok(await login.requestLoginCode(browser.http, { email: DEMO.bob }));
      const result = await login.validateLoginCode(browser.http, { authorization_code: '000-000' });
      expect(isBadRequest(result)).toBe(true);
      expect(JSON.stringify(isBadRequest(result) ? result.body : {})).toContain(
        'authorization_code',
      );
      expect(await status(auth.getCurrentUser(browser.http))).toBe(401);
    },
  },
  {
    area: 'auth',
    name: 'alice gets a chat token to connect to the chat',
    async run({ logIn }) {
      const alice = await logIn(DEMO.alice);
      const { token } = await auth.getChatToken(alice.http);
      expect(token.length).toBeGreaterThan(10);
    },
  },
  {
    area: 'auth',
    name: 'alice logs out; her next call is refused with 401 and sends her to /login?msg=logged-out',
    async run({ logIn }) {
      const alice = await logIn(DEMO.alice);
      ok(await auth.logout(alice.http));
      expect(await status(auth.getCurrentUser(alice.http))).toBe(401);
      expect(alice.navigations.at(-1)).toBe('/login?msg=logged-out&redirect=%2F');
    },
  },
  {
    area: 'users',
    name: "alice opens bob's profile and sees his name and hospital",
    async run({ logIn }) {
      const bob = await auth.getCurrentUser((await logIn(DEMO.bob)).http);
      const alice = await logIn(DEMO.alice);
      const profile = await users.getUser(alice.http, bob.id);
      expect(profile).toMatchObject({ id: bob.id, uuid: bob.uuid, first_name: bob.first_name });
      expect(profile.hospital?.name).toBe('St Elsewhere General');
    },
  },
  {
    area: 'users',
    name: "alice sees bob's teams: Ward 7 Team (shared) and Cardiology Advice (public)",
    async run({ logIn }) {
      const bob = await auth.getCurrentUser((await logIn(DEMO.bob)).http);
      const alice = await logIn(DEMO.alice);
      const names = (await users.getUserTeams(alice.http, bob.id)).map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining(['Ward 7 Team', 'Cardiology Advice']));
    },
  },
  {
    area: 'users',
    name: 'alice polls the availability of bob and carol (same network) but learns nothing of dave',
    async run({ logIn }) {
      const uuids = await Promise.all(
        [DEMO.bob, DEMO.carol, DEMO.dave].map(
          async (email) => (await auth.getCurrentUser((await logIn(email)).http)).uuid,
        ),
      );
      const alice = await logIn(DEMO.alice);
      const statuses = await users.getUserStatuses(alice.http, uuids);
      expect(statuses.map((s) => s.id).sort()).toEqual([uuids[0], uuids[1]].sort());
    },
  },
  {
    area: 'users',
    name: 'dave, in another network, cannot open alice’s profile (404)',
    async run({ logIn }) {
      const alice = await auth.getCurrentUser((await logIn(DEMO.alice)).http);
      const dave = await logIn(DEMO.dave);
      expect(await status(users.getUser(dave.http, alice.id))).toBe(404);
    },
  },
  {
    area: 'teams',
    name: 'alice lists her chats: Ward 7 Team, the Junior Doctors Forum and her open advice request',
    async run({ logIn }) {
      const aliceBrowser = await logIn(DEMO.alice);
      const alice = await auth.getCurrentUser(aliceBrowser.http);
      const lists = await teams.getTeamsWithAdviceConversations(aliceBrowser.http);
      expect(lists.teams.map((t) => t.name)).toContain('Ward 7 Team');
      expect(lists.teams.map((t) => t.name)).not.toContain('Night Shift');
      expect(lists.forums.map((t) => t.name)).toEqual(['Junior Doctors Forum']);
      const open = lists.advice_conversations.filter(
        (a) => a.requestor_id === alice.id && !a.requestor_resolved,
      );
      expect(open.length).toBeGreaterThanOrEqual(1);
      expect(open.every((a) => a.team?.name === 'Cardiology Advice')).toBe(true);
    },
  },
  {
    area: 'teams',
    name: 'the team rules answer: no advice channel from a user (403), no team without members (400), no advice from a team that is not an advice channel (409)',
    async run({ logIn }) {
      const aliceBrowser = await logIn(DEMO.alice);
      expect(
        await status(
          teams.createTeam(aliceBrowser.http, {
            name: 'Rogue advice',
            user_ids: [],
            public_data: { enabled: true },
          }),
        ),
      ).toBe(403);
      const team = ok(await teams.createTeam(aliceBrowser.http, { name: 'Rules', user_ids: [] }));
      expect(await status(teams.updateTeam(aliceBrowser.http, team.id, { user_ids: [] }))).toBe(
        400,
      );
      const asked = await status(
        advice.createAdviceConversation(aliceBrowser.http, team.id, 'Not an advice team'),
      );
      expect(asked).toBe(409);
    },
  },
  {
    area: 'teams',
    name: 'alice creates a private team with bob, adds carol, removes bob, renames it; carol leaves',
    async run({ logIn }) {
      const bob = await auth.getCurrentUser((await logIn(DEMO.bob)).http);
      const carol = await auth.getCurrentUser((await logIn(DEMO.carol)).http);
      const aliceBrowser = await logIn(DEMO.alice);
      const alice = await auth.getCurrentUser(aliceBrowser.http);
      const team = ok(
        await teams.createTeam(aliceBrowser.http, {
          name: 'Night shift',
          user_ids: [alice.id, bob.id],
        }),
      );
      expect(team).toMatchObject({ name: 'Night shift', discoverable: false });
      expect(team.user_ids.sort()).toEqual([alice.id, bob.id].sort());
      ok(await teams.addTeamMembers(aliceBrowser.http, team.id, [carol.id]));
      ok(await teams.removeTeamMembers(aliceBrowser.http, team.id, [bob.id]));
      const renamed = ok(
        await teams.updateTeam(aliceBrowser.http, team.id, {
          name: 'Night shift B',
          discoverable: false,
          user_ids: [alice.id, carol.id],
        }),
      );
      expect(renamed.name).toBe('Night shift B');
      const members = await teams.getTeamMembers(aliceBrowser.http, team.id);
      expect(members.map((m) => m.id).sort()).toEqual([alice.id, carol.id].sort());
      const carolBrowser = await logIn(DEMO.carol);
      ok(await teams.leaveTeam(carolBrowser.http, team.id));
      expect((await teams.getTeam(aliceBrowser.http, team.id)).user_ids).toEqual([alice.id]);
    },
  },
  {
    area: 'teams',
    name: 'an empty team name is refused with a 400 naming the field',
    async run({ logIn }) {
      const alice = await logIn(DEMO.alice);
      const result = await teams.createTeam(alice.http, { name: '', user_ids: [] });
      expect(isBadRequest(result) && JSON.stringify(result.body)).toContain('name');
    },
  },
  {
    area: 'teams',
    name: 'bob finds the Junior Doctors Forum, joins it, and it appears among his forums',
    async run({ logIn }) {
      const bobBrowser = await logIn(DEMO.bob);
      const bob = await auth.getCurrentUser(bobBrowser.http);
      expect((await teams.getTeamsWithAdviceConversations(bobBrowser.http)).forums).toEqual([]);
      const found = await search.search(bobBrowser.http, {
        query: 'Junior',
        includes: ['team.forum'],
      });
      const forum = must(
        found.results.find((r) => r.type === 'TEAM')?.data,
        'a forum in the results',
      );
      expect(forum).toMatchObject({
        name: 'Junior Doctors Forum',
        discoverable: true,
        auto_accept: true,
      });
      ok(await teams.addTeamMembers(bobBrowser.http, forum.id, [bob.id]));
      const lists = await teams.getTeamsWithAdviceConversations(bobBrowser.http);
      expect(lists.forums.map((f) => f.name)).toEqual(['Junior Doctors Forum']);
    },
  },
  {
    area: 'advice',
    name: 'alice asks Cardiology Advice; she resolves, the team rejects, she resolves again, the team accepts; it is in her history',
    async run({ logIn }) {
      const aliceBrowser = await logIn(DEMO.alice);
      const bobBrowser = await logIn(DEMO.bob);
      const found = await search.search(aliceBrowser.http, {
        query: 'Cardiology',
        includes: ['team.advice'],
      });
      const team = must(
        found.results.find((r) => r.type === 'TEAM')?.data,
        'an advice team in the results',
      );
      expect(team.public_data?.enabled).toBe(true);
      const created = ok(
        await advice.createAdviceConversation(
          aliceBrowser.http,
          team.id,
          'Chest pain, normal ECG: admit?',
        ),
      );
      const state = async () =>
        advice.getAdviceConversation(aliceBrowser.http, team.id, created.id);
      expect(await state()).toMatchObject({
        requestor_resolved: false,
        public_team_resolved: false,
      });
      ok(await advice.changeAdviceConversation(aliceBrowser.http, team.id, created.id, 'resolve'));
      expect(await state()).toMatchObject({
        requestor_resolved: true,
        public_team_resolved: false,
      });
      ok(await advice.changeAdviceConversation(bobBrowser.http, team.id, created.id, 'unresolve'));
      expect(await state()).toMatchObject({ requestor_resolved: false });
      ok(await advice.changeAdviceConversation(aliceBrowser.http, team.id, created.id, 'resolve'));
      ok(await advice.changeAdviceConversation(bobBrowser.http, team.id, created.id, 'accept'));
      expect(await state()).toMatchObject({ requestor_resolved: true, public_team_resolved: true });
      const history = await advice.getAdviceHistoryPage(aliceBrowser.http, 0);
      expect(history.results.map((a) => a.id)).toContain(created.id);
      ok(await advice.exportAdviceConversationToEmail(aliceBrowser.http, team.id, created.id));
    },
  },
  {
    area: 'advice',
    name: 'the advice states refuse what spec 01 §4 does not offer: a team-side resolve makes it ARCHIVABLE, which either side archives; the requester never rejects',
    async run({ logIn }) {
      const aliceBrowser = await logIn(DEMO.alice);
      const bobBrowser = await logIn(DEMO.bob);
      const found = await search.search(aliceBrowser.http, {
        query: 'Cardiology',
        includes: ['team.advice'],
      });
      const teamId = must(
        found.results.find((r) => r.type === 'TEAM'),
        'Cardiology Advice',
      ).data.id;
      const change = (who: Browser, id: number, action: advice.AdviceAction) =>
        status(advice.changeAdviceConversation(who.http, teamId, id, action));
      const first = ok(await advice.createAdviceConversation(aliceBrowser.http, teamId, 'Q1'));
      // RESOLVABLE: nothing to accept or reject yet; the requester never rejects.
      expect(await change(bobBrowser, first.id, 'accept')).toBe(409);
      expect(await change(aliceBrowser, first.id, 'unresolve')).toBe(403);
      // The team resolves: ARCHIVABLE for alice, who archives it.
      expect(await change(bobBrowser, first.id, 'resolve')).toBe(200);
      expect(await advice.getAdviceConversation(aliceBrowser.http, teamId, first.id)).toMatchObject(
        { requestor_resolved: false, public_team_resolved: true },
      );
      expect(await change(aliceBrowser, first.id, 'resolve')).toBe(409);
      expect(await change(aliceBrowser, first.id, 'accept')).toBe(200);
      expect(await change(bobBrowser, first.id, 'accept')).toBe(409);
      // ACCEPTABLE: the requester cannot accept her own resolution.
      const second = ok(await advice.createAdviceConversation(aliceBrowser.http, teamId, 'Q2'));
      expect(await change(aliceBrowser, second.id, 'resolve')).toBe(200);
      expect(await change(aliceBrowser, second.id, 'accept')).toBe(403);
      expect(await change(bobBrowser, second.id, 'accept')).toBe(200);
    },
  },
  {
    area: 'advice',
    name: 'advice history pages 20 at a time, newest first, and the pages add up to total_count',
    async run({ logIn }) {
      const aliceBrowser = await logIn(DEMO.alice);
      const bobBrowser = await logIn(DEMO.bob);
      const found = await search.search(aliceBrowser.http, {
        query: 'Cardiology',
        includes: ['team.advice'],
      });
      const teamId = must(
        found.results.find((r) => r.type === 'TEAM'),
        'Cardiology Advice',
      ).data.id;
      for (let i = 0; i < 22; i++) {
        const { id } = ok(
          await advice.createAdviceConversation(aliceBrowser.http, teamId, `Question ${i}`),
        );
        ok(await advice.changeAdviceConversation(aliceBrowser.http, teamId, id, 'resolve'));
        ok(await advice.changeAdviceConversation(bobBrowser.http, teamId, id, 'accept'));
      }
      const first = await advice.getAdviceHistoryPage(aliceBrowser.http, 0);
      expect(first.results).toHaveLength(20);
      expect(first.total_count).toBeGreaterThanOrEqual(22);
      const second = await advice.getAdviceHistoryPage(aliceBrowser.http, 20);
      expect(first.results.length + second.results.length).toBe(Math.min(40, first.total_count));
      const dates = [...first.results, ...second.results].map((a) => a.modified_at);
      expect([...dates].sort().reverse()).toEqual(dates);
    },
  },
  {
    area: 'search',
    name: 'alice searches with each include; outside-organisation finds carol at Riverside, never dave',
    async run({ logIn }) {
      const alice = await logIn(DEMO.alice);
      const names = async (
        includes: search.SearchParams['includes'],
        query = '',
        outsideOrganisation = false,
      ) =>
        (await search.search(alice.http, { query, includes, outsideOrganisation })).results.map(
          (r) => (r.type === 'USER' ? r.data.first_name : r.data.name),
        );
      expect(await names(['team.member-of'])).toContain('Ward 7 Team');
      expect(await names(['team.forum'])).toContain('Junior Doctors Forum');
      expect(await names(['team.forum.member-of'])).toContain('Junior Doctors Forum');
      expect(await names(['team.advice'])).toContain('Cardiology Advice');
      expect(await names(['team.advice.member-of'])).not.toContain('Cardiology Advice');
      expect(await names(['user.other'], 'Bob')).toContain('Bob');
      expect(await names(['user.other'], 'Carol')).toEqual([]);
      expect(await names(['user.other'], 'Carol', true)).toContain('Carol');
      expect(await names(['user.other'], 'Dave', true)).toEqual([]);
    },
  },
  {
    area: 'teams',
    name: "the dataset's generated staff fill Ward 7 Team and Junior Doctors Forum",
    async run({ logIn }) {
      const alice = await logIn(DEMO.alice);
      const generated = generateDemoOrganisation(new Date(0));
      const nameOf = new Map(
        [...DEMO_PEOPLE, ...generated.staff].map((p) => [
          p.email,
          `${p.first_name} ${p.last_name}`,
        ]),
      );
      const lists = await teams.getTeamsWithAdviceConversations(alice.http);
      for (const name of ['Ward 7 Team', 'Junior Doctors Forum']) {
        const team = must(
          [...lists.teams, ...lists.forums].find((t) => t.name === name),
          name,
        );
        const members = await teams.getTeamMembers(alice.http, team.id);
        // At least the seeded ones: the real server's state is shared by the scenarios before.
        expect(members.map((m) => `${m.first_name} ${m.last_name}`)).toEqual(
          expect.arrayContaining(
            (generated.teamMembers.get(name) ?? []).map((email) => nameOf.get(email)),
          ),
        );
      }
      const colleague = must(generated.staff[5], 'a generated colleague');
      expect(
        (
          await search.search(alice.http, { query: colleague.last_name, includes: ['user.other'] })
        ).results.map((r) => (r.type === 'USER' ? r.data.last_name : r.data.name)),
      ).toContain(colleague.last_name);
    },
  },
  {
    area: 'chatRoom',
    name: 'a chat room id tells Ward 7 Team apart from an advice conversation',
    async run({ logIn }) {
      const alice = await logIn(DEMO.alice);
      const lists = await teams.getTeamsWithAdviceConversations(alice.http);
      const ward7 = must(
        lists.teams.find((t) => t.name === 'Ward 7 Team'),
        'Ward 7 Team',
      );
      const room = await chatRoom.getChatRoom(alice.http, ward7.mim_id);
      expect(room.type).toBe('TEAM');
      const found = await search.search(alice.http, {
        query: 'Cardiology',
        includes: ['team.advice'],
      });
      const created = ok(
        await advice.createAdviceConversation(
          alice.http,
          must(found.results[0], 'Cardiology Advice').data.id,
          'Q',
        ),
      );
      expect((await chatRoom.getChatRoom(alice.http, created.mim_id)).type).toBe(
        'ADVICE_CONVERSATION',
      );
    },
  },
  {
    area: 'patientCards',
    name: 'alice creates a patient card, bob (assigned) reads it; carol (not assigned) gets 404',
    async run({ logIn }) {
      const bob = await auth.getCurrentUser((await logIn(DEMO.bob)).http);
      const aliceBrowser = await logIn(DEMO.alice);
      const alice = await auth.getCurrentUser(aliceBrowser.http);
      const card = ok(
        await patientCards.createPatientCard(aliceBrowser.http, alice.id, {
          title: 'Mrs Smith',
          subtitle: 'Bed 9',
        }),
      );
      ok(
        await patientCards.reassignPatientCard(aliceBrowser.http, card.id, {
          users: [alice.id, bob.id],
          teams: [],
        }),
      );
      const bobBrowser = await logIn(DEMO.bob);
      expect((await patientCards.getPatientCard(bobBrowser.http, card.id)).title).toBe('Mrs Smith');
      const carolBrowser = await logIn(DEMO.carol);
      expect(await status(patientCards.getPatientCard(carolBrowser.http, card.id))).toBe(404);
    },
  },
  {
    area: 'tasks',
    name: 'alice ticks "Take bloods" on John Jones’s card: it records who and when; unticking clears who',
    async run({ logIn }) {
      const aliceBrowser = await logIn(DEMO.alice);
      const alice = await auth.getCurrentUser(aliceBrowser.http);
      const card = must(
        (await patientCards.listPatientCards(aliceBrowser.http)).find(
          (c) => c.title === 'John Jones',
        ),
        "John Jones's card",
      );
      const done = toggleTask(
        card.tasks,
        must(
          card.tasks.find((t) => t.title === 'Take bloods'),
          'the Take bloods task',
        ).id,
        true,
        alice.id,
        new Date(),
      );
      const saved = ok(
        await patientCards.updatePatientCard(aliceBrowser.http, card.id, {
          tasks: tasksForSave(done, card.id),
        }),
      );
      const bloods = must(
        saved.tasks.find((t) => t.title === 'Take bloods'),
        'the saved task',
      );
      expect(bloods).toMatchObject({ completed: true, completed_by_id: alice.id });
      expect(bloods.completed_at).toBeTruthy();
      const open = toggleTask(saved.tasks, bloods.id, false, alice.id, new Date());
      const reopened = ok(
        await patientCards.updatePatientCard(aliceBrowser.http, card.id, {
          tasks: tasksForSave(open, card.id),
        }),
      );
      expect(reopened.tasks.find((t) => t.title === 'Take bloods')).toMatchObject({
        completed: false,
        completed_by_id: null,
      });
      const openTasks = ok(
        await call(aliceBrowser.http, patientsEndpoints.tasks, {
          query: { patient_card_id: card.id, completed: false, limit: TASKS_LIMIT },
        }),
      ).results;
      expect(openTasks.map((t) => t.title)).toContain('Take bloods');
    },
  },
  {
    area: 'tasks',
    name: 'alice and bob save John Jones’s tasks from the same copy: each keeps the other’s tick, and bob’s new task',
    async run({ logIn }) {
      const aliceBrowser = await logIn(DEMO.alice);
      const bobBrowser = await logIn(DEMO.bob);
      const alice = await auth.getCurrentUser(aliceBrowser.http);
      const bob = await auth.getCurrentUser(bobBrowser.http);
      const card = must(
        (await patientCards.listPatientCards(aliceBrowser.http)).find(
          (c) => c.title === 'John Jones',
        ),
        "John Jones's card",
      );
      const idOf = (title: string) =>
        must(
          card.tasks.find((t) => t.title === title),
          title,
        ).id;
      const byBob = toggleTask(card.tasks, idOf('Repeat ECG'), true, bob.id, new Date());
      ok(
        await patientCards.updatePatientCard(bobBrowser.http, card.id, {
          tasks: [
            ...tasksForSave(byBob, card.id),
            { title: 'Call family', completed: false, order: 9, patient_card_id: card.id },
          ],
          modified_at: card.modified_at,
        }),
      );
      // alice saves from the copy she loaded before bob's save.
      const byAlice = toggleTask(card.tasks, idOf('Take bloods'), true, alice.id, new Date());
      const saved = ok(
        await patientCards.updatePatientCard(aliceBrowser.http, card.id, {
          tasks: tasksForSave(byAlice, card.id),
          modified_at: card.modified_at,
        }),
      );
      expect(saved.tasks.find((t) => t.title === 'Take bloods')).toMatchObject({
        completed: true,
        completed_by_id: alice.id,
      });
      expect(saved.tasks.find((t) => t.title === 'Repeat ECG')).toMatchObject({
        completed: true,
        completed_by_id: bob.id,
      });
      expect(saved.tasks.map((t) => t.title)).toContain('Call family');
    },
  },
  {
    area: 'wards',
    name: "alice lists St Elsewhere General's wards to choose one for a patient",
    async run({ logIn }) {
      const alice = await logIn(DEMO.alice);
      const list = await wards.getWards(alice.http, 'St Elsewhere General');
      expect(list.map((w) => w.name)).toEqual(
        expect.arrayContaining(['Ward 7', 'Cardiology Ward']),
      );
      expect(list.every((w) => w.hospital?.name === 'St Elsewhere General')).toBe(true);
    },
  },
  {
    area: 'patients',
    name: 'alice moves John Jones to the Cardiology Ward, bed 5, and his card shows it',
    async run({ logIn }) {
      const alice = await logIn(DEMO.alice);
      const card = must(
        (await patientCards.listPatientCards(alice.http)).find((c) => c.title === 'John Jones'),
        "John Jones's card",
      );
      const patientId = must(card.patient_id, 'the patient of the card');
      const ward = must(
        (await wards.getWards(alice.http, 'St Elsewhere General')).find(
          (w) => w.name === 'Cardiology Ward',
        ),
        'the Cardiology Ward',
      );
      ok(await patients.updatePatient(alice.http, patientId, { bed: '5', ward_id: ward.id }));
      const patient = ok(
        await call(alice.http, patientsEndpoints.patient, { params: { id: patientId } }),
      );
      expect(patient).toMatchObject({ bed: '5', ward_id: ward.id, last_name: 'Jones' });
      expect(patient.ward?.name).toBe('Cardiology Ward');
    },
  },
  {
    area: 'images',
    name: "alice adds a photo to John Jones's record and it is listed and downloadable",
    async run({ logIn }) {
      const alice = await logIn(DEMO.alice);
      const card = must(
        (await patientCards.listPatientCards(alice.http)).find((c) => c.title === 'John Jones'),
        "John Jones's card",
      );
      const patientId = must(card.patient_id, 'the patient of the card');
      const uploaded = ok(
        await images.uploadPatientImage(alice.http, {
          image: new Blob([ONE_PIXEL_PNG], { type: 'image/png' }),
          title: 'Wound day 2',
          filename: 'wound.png',
          patient_id: patientId,
        }),
      );
      const listed = await images.listPatientImages(alice.http, patientId, true);
      expect(listed.results.map((i) => i.meta.id)).toContain(uploaded.id);
      const blob = await images.getImage(alice.http, uploaded.id, false);
      expect(blob.size).toBeGreaterThan(0);
    },
  },
  {
    area: 'images',
    name: "a chat image's bytes are sent once: a second upload is refused (409) and the first stays",
    async run({ logIn }) {
      const alice = await logIn(DEMO.alice);
      const { id } = ok(await call(alice.http, uploadsEndpoints.createChatImage, { body: {} }));
      const form = (filename: string) => {
        const data = new FormData();
        data.append('image', new Blob([ONE_PIXEL_PNG], { type: 'image/png' }), filename);
        data.append('filename', filename);
        return data;
      };
      const first = ok(
        await call(alice.http, uploadsEndpoints.uploadChatImage, {
          params: { id },
          body: form('first.png'),
        }),
      );
      expect(first.id).toBe(id);
      const again = await call(alice.http, uploadsEndpoints.uploadChatImage, {
        params: { id },
        body: form('second.png'),
      }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(again).toMatchObject({
        status: 409,
        internalCode: 'IMAGE_ALREADY_UPLOADED',
        message: TEXTS.imageAlreadyUploaded,
      });
      // The first upload's image is still the one served.
      const blob = await files.downloadChatImage(alice.http, String(id));
      expect(blob.size).toBeGreaterThan(0);
    },
  },
  {
    area: 'files',
    name: 'alice attaches a file for Ward 7 Team and can open it again',
    async run({ logIn }) {
      const alice = await logIn(DEMO.alice);
      const ward7 = must(
        (await teams.getTeamsWithAdviceConversations(alice.http)).teams.find(
          (t) => t.name === 'Ward 7 Team',
        ),
        'Ward 7 Team',
      );
      const pdf = new TextEncoder().encode(
        '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
      );
      const { id } = ok(
        await files.uploadFile(
          alice.http,
          new Blob([pdf], { type: 'application/pdf' }),
          'handover.pdf',
          {
            team_ids: [ward7.id],
          },
        ),
      );
      const response = await alice.fetch(files.fileUrl(alice.http, id));
      expect(response.status).toBe(200);
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(pdf);
    },
  },
  {
    area: 'files',
    name: 'a file that is not a PDF, document or image is refused (415), whatever its name says',
    async run({ logIn }) {
      const alice = await logIn(DEMO.alice);
      const html = new Blob(['<script>alert(1)</script>'], { type: 'application/pdf' });
      expect(await status(files.uploadFile(alice.http, html, 'report.pdf'))).toBe(415);
    },
  },
  ...adminScenarios,
  ...formsScenarios,
  ...staleWriteScenarios,
  ...offlineScenarios,
  ...driftScenarios,
];
