import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../seed/index.js';
import { startTestServer, type TestServer } from '../testing/testServer.js';
import { api, type Caller, callerFor } from '../teams/testing.js';
import {
  ADVICE_ROOM_RULE,
  canonicalPath,
  type Fixture,
  ROLES,
  type Role,
  ROUTE_TABLE,
  type RouteRule,
} from './table.js';

let ts: TestServer;
let dataDir: string;
let fixture: Fixture;
let people: Record<Role | 'alice' | 'bob', Caller>;

/** The routes Fastify actually serves, read from its route tree (HEAD twins left out). */
function registeredRoutes(app: TestServer['app']): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const branch = line.search(/[├└]── /);
    if (branch < 0) continue;
    const depth = Math.round(branch / 4);
    const m = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line.slice(branch + 4));
    if (!m) continue;
    stack.length = depth;
    stack.push(m[1] ?? '');
    for (const method of (m[2] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      if (method !== 'HEAD') out.push(`${method} ${canonicalPath(stack.join(''))}`);
    }
  }
  return out.sort();
}

const key = (r: RouteRule) => `${r.method} ${canonicalPath(r.path)}`;

async function call(who: Caller | undefined, rule: RouteRule, url: string, body: unknown) {
  return api(
    ts,
    who,
    rule.method === 'PATCH' ? 'PUT' : rule.method,
    url,
    rule.method === 'GET' ? undefined : (body ?? {}),
  );
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pando-authz-'));
  ts = await startTestServer({ dataDir });
  const staff = await ts.db.query<{ email: string }>(
    `select u.email from users u join hospitals h on h.id = u.hospital_id
      where h.name = 'St Elsewhere General' and u.access_level in ('USER', 'USER_VERIFIED')
        and u.email <> all($1::text[]) order by u.id limit 2`,
    [Object.values(DEMO_ACCOUNTS)],
  );
  const [nonMemberEmail, removedEmail] = staff.rows.map((r) => r.email);
  const [alice, bob, nonMember, removedMember, otherOrganisation, otherNetwork] = await Promise.all(
    [
      DEMO_ACCOUNTS.alice,
      DEMO_ACCOUNTS.bob,
      nonMemberEmail!,
      removedEmail!,
      DEMO_ACCOUNTS.carol,
      DEMO_ACCOUNTS.dave,
    ].map((e) => callerFor(ts, e)),
  );
  people = {
    alice: alice!,
    bob: bob!,
    nonMember: nonMember!,
    removedMember: removedMember!,
    otherOrganisation: otherOrganisation!,
    otherNetwork: otherNetwork!,
  };
  const R = people.removedMember;

  const team = (
    await api(ts, people.alice, 'POST', '/api/v4/teams', {
      name: 'Authz private team',
      user_ids: [people.bob.id, R.id],
    })
  ).json<{ id: number; mim_id: string }>();
  const adviceTeam = (
    await api(ts, people.bob, 'POST', '/api/v4/teams', {
      name: 'Authz advice team',
      user_ids: [R.id],
    })
  ).json<{ id: number }>();
  await ts.db.query(`update teams set public_data = '{"enabled": true}' where id = $1`, [
    adviceTeam.id,
  ]);
  const advice = (
    await api(ts, people.alice, 'POST', `/api/v4/teams/${adviceTeam.id}/advice-conversations`, {
      message: 'Fixture question',
    })
  ).json<{ id: number; mim_id: string }>();

  const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#08f' } })
    .jpeg()
    .toBuffer();
  const imageId = (await api(ts, people.alice, 'POST', '/api/v4/images/chat')).json<{
    id: number;
  }>().id;
  const imgForm = new FormData();
  imgForm.append('image', new Blob([new Uint8Array(jpeg)]), 'fixture.jpg');
  const put = await fetch(`${ts.url}/api/v4/images/chat/${imageId}`, {
    method: 'PUT',
    headers: { cookie: people.alice.cookie },
    body: imgForm,
  });
  expect(put.status).toBe(200);
  for (const share of [`teams/${team.id}`, `advice-conversation/${advice.id}`]) {
    expect(
      (
        await api(ts, people.alice, 'POST', `/api/v4/images/chat/${imageId}/share/${share}`, {
          access_type: 'READ',
        })
      ).statusCode,
    ).toBe(200);
  }
  const fileForm = new FormData();
  fileForm.append('team_ids', String(team.id));
  fileForm.append(
    'file',
    new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n%%EOF\n'))]),
    'fixture.pdf',
  );
  const file = await fetch(`${ts.url}/api/v4/files`, {
    method: 'POST',
    headers: { cookie: people.alice.cookie },
    body: fileForm,
  });
  expect(file.status).toBe(201);

  // The removed member was in both teams and can read the shared image until removed.
  expect((await api(ts, R, 'GET', `/api/v4/images/chat/${imageId}`)).statusCode).toBe(200);
  await api(ts, people.alice, 'POST', `/api/v4/teams/${team.id}/members/remove`, {
    user_ids: [R.id],
  });
  await api(ts, people.bob, 'POST', `/api/v4/teams/${adviceTeam.id}/members/remove`, {
    user_ids: [R.id],
  });

  fixture = {
    teamId: team.id,
    teamMimId: team.mim_id,
    adviceTeamId: adviceTeam.id,
    adviceId: advice.id,
    adviceMimId: advice.mim_id,
    imageId,
    fileId: ((await file.json()) as { id: number }).id,
    userId: people.alice.id,
  };
});
afterAll(async () => {
  await ts.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('generated authorization test (route table × roles)', () => {
  it('every registered route has an entry in the authorization table, and every entry a route', () => {
    const registered = registeredRoutes(ts.app);
    const table = ROUTE_TABLE.map(key).sort();
    expect(registered.length).toBeGreaterThan(30);
    expect(
      registered.filter((r) => !table.includes(r)),
      'routes without an authorization entry',
    ).toEqual([]);
    expect(
      table.filter((r) => !registered.includes(r)),
      'table entries without a route',
    ).toEqual([]);
    expect(new Set(table).size).toBe(table.length);
  });

  it('non-member, removed member, other organisation and other network get 403, or the 404 of a missing id', async () => {
    let cases = 0;
    const failures: string[] = [];
    const rules = [...ROUTE_TABLE, ADVICE_ROOM_RULE];
    for (const rule of rules) {
      if (rule.access.kind === 'public') continue;
      const url = rule.access.kind === 'scoped' ? rule.access.url(fixture) : rule.path;
      const body = rule.access.kind === 'scoped' ? rule.access.body?.(fixture) : undefined;
      const anon = await call(undefined, rule, url, body);
      cases++;
      if (anon.statusCode !== 401)
        failures.push(`${key(rule)} anonymous → ${anon.statusCode}, expected 401`);
      if (rule.access.kind !== 'scoped') continue;
      const access = rule.access;
      for (const role of ROLES) {
        if (access.allow?.includes(role)) continue;
        const res = await call(people[role], rule, url, body);
        cases++;
        if (res.statusCode === 403) continue;
        if (res.statusCode === 404) {
          const missing = await call(people[role], rule, access.missing(fixture), body);
          if (missing.statusCode !== 404 || missing.body !== res.body) {
            failures.push(
              `${key(rule)} as ${role}: 404 differs from a missing id (${missing.statusCode} ${missing.body} vs ${res.body})`,
            );
          }
          continue;
        }
        failures.push(`${key(rule)} as ${role} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
      for (const role of access.allow ?? []) {
        const res = await call(people[role], rule, url, body);
        cases++;
        if ([401, 403, 404].includes(res.statusCode))
          failures.push(`${key(rule)} as allowed ${role} → ${res.statusCode}`);
      }
    }
    // The rightful caller passes authorization on the same URLs, so the refusals above are real.
    for (const rule of rules) {
      if (rule.access.kind !== 'scoped') continue;
      const res = await call(
        people[rule.access.allowedAs ?? 'alice'],
        rule,
        rule.access.url(fixture),
        rule.access.body?.(fixture),
      );
      cases++;
      if ([401, 403, 404].includes(res.statusCode))
        failures.push(
          `${key(rule)} as ${rule.access.allowedAs ?? 'alice'} (allowed) → ${res.statusCode} ${res.body.slice(0, 120)}`,
        );
    }
    console.log(`authorization: ${cases} route × role cases over ${rules.length} table entries`);
    expect(failures).toEqual([]);
    expect(cases).toBeGreaterThan(100);
  });
});
