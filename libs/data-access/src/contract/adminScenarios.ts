/**
 * The admin console's contract scenarios (spec 02, issue 21). The listening server's database is
 * shared by every scenario of a run, so these leave it as they found it (unique emails,
 * unblocking, deleting what they create).
 */
import {
  adminEndpoints,
  analyticsPath,
  AuthValidateResponseSchema,
  formatAuthCode,
  inviteRowStatus,
  reportWindow,
  shouldStopImport,
  type AnalyticsScope,
} from '@pando/domain';
import { DEMO_ACCOUNTS, DEMO_ORGS } from '@pando/domain/demo';
import { expect } from 'vitest';
import * as admin from '../api/admin';
import { analyticsBaseUrl, getAnalytics } from '../api/analytics';
import * as auth from '../api/auth';
import * as login from '../api/login';
import type { HttpClient } from '../http/createHttpClient';
import { call } from '../http/endpoint';
import { ApiError, isBadRequest, type BadRequest } from '../http/errors';
import type { Scenario } from './scenarios';
import { ok, status } from './results';

/** GET /admin/users/count and /admin/advice-channels/count (spec 02's API; the console's lists carry their own totals). */
const usersCount = async (http: HttpClient) =>
  ok(await call(http, adminEndpoints.usersCount, { query: {} })).count;
const adviceChannelsCount = async (http: HttpClient) =>
  ok(await call(http, adminEndpoints.adviceChannelsCount, { query: {} })).count;

async function failure(promise: Promise<unknown>): Promise<ApiError | BadRequest> {
  try {
    const value = await promise;
    if (isBadRequest(value)) return value;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to be refused');
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

const NAMED = new Set<string>(Object.values(DEMO_ACCOUNTS));

export const adminScenarios: Scenario[] = [
  {
    area: 'admin',
    name: 'network.admin pages the users of the network by last name, finds alice by search; org.admin sees only St Elsewhere (not carol, not by direct calls); alice gets 403',
    async run({ logIn }) {
      const net = await logIn(DEMO_ACCOUNTS.networkAdmin);
      const count = await usersCount(net.http);
      const first = await admin.getAdminUsers(net.http, {});
      expect(first).toMatchObject({ page: 0, pageSize: 10, totalResults: count });
      expect(first.results.length).toBe(Math.min(10, count));
      const names = first.results.map((u) => u.last_name.toLowerCase());
      expect(names).toEqual([...names].sort());
      const found = await admin.getAdminUsers(net.http, { q: 'ANDERSON' });
      expect(found.results.map((u) => u.email)).toContain(DEMO_ACCOUNTS.alice);
      const carolRow = (await admin.getAdminUsers(net.http, { q: 'carol@' })).results[0];
      expect(carolRow?.hospital?.name).toBe(DEMO_ORGS.riverside);

      const org = await logIn(DEMO_ACCOUNTS.orgAdmin);
      const orgRows = (await admin.getAdminUsers(org.http, { pageSize: 1000 })).results;
      expect(orgRows.every((u) => u.hospital?.name === DEMO_ORGS.stElsewhere)).toBe(true);
      expect(orgRows.map((u) => u.email)).not.toContain(DEMO_ACCOUNTS.carol);
      const carolId = carolRow?.id ?? -1;
      expect(await status(admin.getAdminUser(org.http, carolId))).toBe(403);
      expect(
        await status(
          admin.getAdminUsers(org.http, { organisation: carolRow?.hospital_uuid ?? undefined }),
        ),
      ).toBe(403);
      expect(await status(admin.getUserAuthCode(org.http, carolId))).toBe(403);

      const alice = await logIn(DEMO_ACCOUNTS.alice);
      expect(await status(admin.getAdminUsers(alice.http, {}))).toBe(403);
      expect(await status(call(alice.http, adminEndpoints.usersCount, { query: {} }))).toBe(403);
    },
  },
  {
    area: 'admin',
    name: 'invitations: sent (201, newest first), "Already invited" twice and for an account, rescinded; FEATURE_NOT_ENABLED stops an import in a network without the feature',
    async run({ logIn }) {
      const net = await logIn(DEMO_ACCOUNTS.networkAdmin);
      const email = `invitee.${unique()}@example.org`;
      expect(await admin.sendInvite(net.http, email)).toEqual({ kind: 'sent' });
      const list = await admin.getInvites(net.http, {});
      expect(list.results[0]?.email).toBe(email);
      expect(list.results[0]?.approved_by_name).toBe('Nina Network');
      expect(inviteRowStatus(await admin.sendInvite(net.http, email))).toBe('Already invited');
      expect(inviteRowStatus(await admin.sendInvite(net.http, DEMO_ACCOUNTS.bob))).toBe(
        'Already invited',
      );
      const invite = list.results[0];
      ok(await admin.deleteInvite(net.http, invite?.id ?? -1));
      expect((await admin.getInvites(net.http, {})).results.map((i) => i.email)).not.toContain(
        email,
      );

      const pando = await logIn(DEMO_ACCOUNTS.pandoAdmin);
      const orgs = await admin.getAdminOrganisations(pando.http);
      const northgate = orgs.results.find((o) => o.name === DEMO_ORGS.northgate);
      const refused = await admin.sendInvite(
        pando.http,
        `x.${unique()}@example.net`,
        northgate?.uuid,
      );
      expect(shouldStopImport(refused)).toBe(true);
      expect(inviteRowStatus(refused)).toBe('Error, unable to send the invitation');
    },
  },
  {
    area: 'admin',
    name: 'generate code: 409 before the person starts a login; once they have, the code (XXX-XXX) opens their login; blocking ends their session at once',
    async run({ logIn, openBrowser }) {
      const net = await logIn(DEMO_ACCOUNTS.networkAdmin);
      const rows = (await admin.getAdminUsers(net.http, { pageSize: 1000 })).results;
      const person = rows.find(
        (u) => !NAMED.has(u.email) && u.hospital?.name === DEMO_ORGS.stElsewhere,
      );
      if (!person) throw new Error('expected a member of staff at St Elsewhere');
      const conflict = await failure(admin.getUserAuthCode(net.http, person.id));
      expect(conflict.status).toBe(409);

      const phone = openBrowser();
      ok(await login.requestLoginCode(phone.http, { email: person.email }));
      const code = await admin.getUserAuthCode(net.http, person.id);
      expect(formatAuthCode(code)).toMatch(/^[A-Z0-9]{3}-[A-Z0-9]{3}$/);
      ok(await login.validateLoginCode(phone.http, { authorization_code: formatAuthCode(code) }));
      expect((await auth.getCurrentUser(phone.http)).email).toBe(person.email);

      try {
        const blocked = ok(await admin.patchAdminUser(net.http, person.id, { blocked: true }));
        expect(blocked.blocked).toBe(true);
        expect(await status(auth.getCurrentUser(phone.http))).toBe(401);
        expect((await admin.getAdminUsers(net.http, { q: person.email })).results).toEqual([]);
      } finally {
        ok(await admin.patchAdminUser(net.http, person.id, { blocked: false }));
      }
      const me = await auth.getCurrentUser(net.http);
      expect(await status(admin.patchAdminUser(net.http, me.id, { blocked: true }))).toBe(403);
    },
  },
  {
    area: 'admin',
    name: 'teams and advice channels: created with members (not without: 400 naming members), edited by member differences, counted, deleted',
    async run({ logIn }) {
      const net = await logIn(DEMO_ACCOUNTS.networkAdmin);
      const users = (await admin.getAdminUsers(net.http, { q: '@example.org', pageSize: 1000 }))
        .results;
      const alice = users.find((u) => u.email === DEMO_ACCOUNTS.alice);
      const bob = users.find((u) => u.email === DEMO_ACCOUNTS.bob);
      if (!alice || !bob) throw new Error('expected alice and bob');
      const empty = await admin.createAdminTeam(net.http, 'team', { name: 'Nobody', members: [] });
      expect(isBadRequest(empty) && empty.message).toMatch(/members/);

      const before = await adviceChannelsCount(net.http);
      const name = `Stroke Advice ${unique()}`;
      const channel = ok(
        await admin.createAdminTeam(net.http, 'advice', {
          name,
          members: [alice.id],
          description: 'Thrombolysis questions',
        }),
      );
      try {
        expect(await adviceChannelsCount(net.http)).toBe(before + 1);
        const saved = ok(
          await admin.saveAdminTeam(net.http, 'advice', channel.id, [alice.id], {
            name: `${name} (24h)`,
            members: [bob.id],
          }),
        );
        expect(saved.name).toBe(`${name} (24h)`);
        expect(admin.adminTeamMemberIds(saved)).toEqual([bob.id]);
        const listed = await admin.getAdminTeams(net.http, 'advice', { q: name });
        expect(listed.results.map((t) => t.name)).toEqual([`${name} (24h)`]);
        expect(await status(admin.getAdminTeam(net.http, 'team', channel.id))).toBe(404);
      } finally {
        ok(await admin.deleteAdminTeam(net.http, 'advice', channel.id));
      }
      expect(await adviceChannelsCount(net.http)).toBe(before);
    },
  },
  {
    area: 'admin',
    name: 'the 30-day report: network.admin reads all 15 figures of the network (30 daily points, 24 hourly); org.admin is refused the network (403), alice everything; a year and a half is a 400 naming from',
    async run({ logIn }) {
      const net = await logIn(DEMO_ACCOUNTS.networkAdmin);
      const me = await auth.getCurrentUser(net.http);
      const scope: AnalyticsScope = { kind: 'network', id: String(me.network_id) };
      const { from, to } = reportWindow(new Date());
      const daily = await getAnalytics(net.http, 'activeUsersDaily', scope, from, to);
      expect(daily.results).toHaveLength(30);
      expect(daily.results[0]?.date).toBe(from);
      const hourly = await getAnalytics(net.http, 'activeUsersHourly', scope, from, to);
      expect(hourly.results.map((h) => h.hour)).toEqual([...Array(24).keys()]);
      const messages = await getAnalytics(net.http, 'messagesDaily', scope, from, to);
      const total = await getAnalytics(net.http, 'messagesCount', scope, from, to);
      expect(messages.results.reduce((n, d) => n + d.count, 0)).toBe(total.count);
      const roles = await getAnalytics(net.http, 'usersByRole', scope, from, to);
      const counts = roles.results.map((r) => r.count);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
      for (const metric of [
        'teamsCount',
        'crossOrganisationTeamsCount',
        'imagesCount',
        'patientCardsCount',
        'pagersCount',
        'resolvedAdviceCount',
      ] as const)
        expect(
          (await getAnalytics(net.http, metric, scope, from, to)).count,
        ).toBeGreaterThanOrEqual(0);

      const org = await logIn(DEMO_ACCOUNTS.orgAdmin);
      expect(await status(getAnalytics(org.http, 'messagesCount', scope, from, to))).toBe(403);
      const own: AnalyticsScope = { kind: 'organisation', id: String(me.hospital_uuid) };
      expect((await getAnalytics(org.http, 'sessionsDaily', own, from, to)).results).toHaveLength(
        30,
      );
      const alice = await logIn(DEMO_ACCOUNTS.alice);
      expect(await status(getAnalytics(alice.http, 'sessionsCount', own, from, to))).toBe(403);
      expect(await status(getAnalytics(net.http, 'messagesCount', scope, '2024-01-01', to))).toBe(
        400,
      );
    },
  },
  {
    area: 'admin',
    name: 'networks are a product admin’s: pando.admin lists them and makes, renames and deletes an empty one; network.admin reads only its own',
    async run({ logIn }) {
      const pando = await logIn(DEMO_ACCOUNTS.pandoAdmin);
      const list = await admin.getAdminNetworks(pando.http, {});
      expect(list.results.map((n) => n.name)).toContain('Demo Health Network');
      const made = ok(
        await admin.createNetwork(pando.http, {
          name: `Test Network ${unique()}`,
          status: 'PENDING',
        }),
      );
      const renamed = ok(
        await admin.updateNetwork(pando.http, made.id, { name: `${made.name} B` }),
      );
      expect(renamed).toMatchObject({ id: made.id, name: `${made.name} B`, status: 'PENDING' });
      ok(await admin.deleteNetwork(pando.http, made.id));
      expect(await status(admin.getAdminNetwork(pando.http, made.id))).toBe(404);

      const net = await logIn(DEMO_ACCOUNTS.networkAdmin);
      expect(await status(admin.getAdminNetworks(net.http, {}))).toBe(403);
      const me = await auth.getCurrentUser(net.http);
      expect((await admin.getAdminNetwork(net.http, me.network_id ?? -1)).name).toBe(
        'Demo Health Network',
      );
      const other = list.results.find((n) => n.name === 'Northgate Network');
      expect(await status(admin.getAdminNetwork(net.http, other?.id ?? -1))).toBe(403);
    },
  },
  {
    area: 'admin',
    name: 'the bearer token of the analytics: the session renews it (GET /login/access-token); on its own it opens the report, but it cannot renew itself',
    async run({ logIn, target }) {
      const net = await logIn(DEMO_ACCOUNTS.networkAdmin);
      const { access_token: token } = ok(
        await net.http.request({
          method: 'GET',
          path: '/login/access-token',
          schema: AuthValidateResponseSchema,
        }),
      );
      const me = await auth.getCurrentUser(net.http);
      const { from, to } = reportWindow(new Date());
      const path = analyticsPath(
        'sessionsCount',
        { kind: 'network', id: String(me.network_id) },
        from,
        to,
      );
      const bearer = { Authorization: `Bearer ${token}` };
      // A plain fetch: no cookie jar, only the token.
      const report = await target.fetch(`${analyticsBaseUrl(net.http.baseUrl)}${path}`, {
        headers: bearer,
      });
      expect(report.status).toBe(200);
      expect(await report.json()).toMatchObject({ count: expect.any(Number) as number });
      const renewal = await target.fetch(`${net.http.baseUrl}/login/access-token`, {
        headers: bearer,
      });
      expect(renewal.status).toBe(403);
    },
  },
  {
    area: 'admin',
    name: 'an invited person logs in with the emailed code and is a user of the organisation (named from the email); the invitation is no longer pending',
    async run({ logIn }) {
      const net = await logIn(DEMO_ACCOUNTS.networkAdmin);
      const email = `dana.ng.${unique()}@example.org`;
      expect(await admin.sendInvite(net.http, email)).toEqual({ kind: 'sent' });
      const invitee = await logIn(email);
      const me = await auth.getCurrentUser(invitee.http);
      expect(me).toMatchObject({ email, first_name: 'Dana', access_level: 'USER' });
      expect(me.last_name.startsWith('Ng ')).toBe(true);
      expect(me.hospital?.name).toBe(DEMO_ORGS.stElsewhere);
      const pending = await admin.getInvites(net.http, { q: email });
      expect(pending.results).toEqual([]);
      expect(
        (await admin.getAdminUsers(net.http, { q: email })).results.map((u) => u.email),
      ).toEqual([email]);
    },
  },
];
