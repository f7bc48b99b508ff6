import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEMO_ACCOUNTS } from '../seed/index.js';
import { startTestServer, type TestServer } from '../testing/testServer.js';
import { api, type Caller, callerFor } from '../teams/testing.js';
import type { ApiRoute } from '../http/routeShape.js';
import { type Scope, SCOPES } from './access.js';

/**
 * The generated authorization test. The rules are not listed here: each route declares its own
 * (`config.access`, src/authz/access.ts) and the test reads them from the running server's
 * routes. What the test keeps is the fixture: the ids each kind of resource is played with, the
 * body a call needs, and which outsiders a rule lets in.
 */

/** The outsiders the test plays, relative to the fixture's team T, advice conversation C, image and file. */
const ROLES = ['nonMember', 'removedMember', 'otherOrganisation', 'otherNetwork'] as const;
type Role = (typeof ROLES)[number];

/** Ids the fixture created (see beforeAll). */
interface Fixture {
  /** Private team of alice and bob; the removed member was in it. */
  teamId: number;
  teamMimId: string;
  /** Advice team (bob; the removed member was in it); alice asked advice C of it. */
  adviceTeamId: number;
  adviceId: number;
  adviceMimId: string;
  /** Chat image of alice shared to T and C; file of alice shared to T. */
  imageId: number;
  fileId: number;
  /** alice's user id. */
  userId: number;
  /** alice's patient card assigned to T (the removed member saw it while in T), its patient and image. */
  cardId: number;
  patientId: number;
  patientImageId: number;
  /** alice's hospital (St Elsewhere General). */
  hospitalId: number;
  /** The demo pending invitation (St Elsewhere General) and alice's network, as stored. */
  inviteId: number;
  hospitalUuid: string;
  /** alice's smart-form template. */
  templateId: number;
  /** alice's structured file (an image of a form control). */
  structuredFileGuid: string;
  network: {
    id: number;
    name: string;
    features: Record<string, boolean>;
    default_organisation_id: number | null;
  };
}

const NONE = 999_999_999;
/** A structured file's guid that names nothing (a uuid: anything else is a 400). */
const NO_GUID = '00000000-0000-4000-8000-000000000000';

/**
 * How each scope's URL is filled in: the value of each path parameter, and which parameter names
 * the resource (replaced by a missing id for the "same 404 as a missing id" check).
 */
const SCOPE_FIXTURES: Record<
  Scope,
  {
    params: (f: Fixture, url: string) => Record<string, string | number>;
    /** Query values, for a rule whose resource is named by the query (`?patient_id=`). */
    query?: (f: Fixture) => Record<string, string | number>;
    resource: string;
  }
> = {
  'team:reader': { params: (f) => ({ id: f.teamId }), resource: 'id' },
  'team:member': { params: (f) => ({ id: f.teamId }), resource: 'id' },
  'team:joiner': { params: (f) => ({ id: f.teamId }), resource: 'id' },
  'advice-team:reader': { params: (f) => ({ teamId: f.adviceTeamId }), resource: 'teamId' },
  'advice:participant': {
    params: (f) => ({ teamId: f.adviceTeamId, id: f.adviceId }),
    resource: 'id',
  },
  'image:viewer': {
    params: (f, url) => ({
      id: f.imageId,
      targetId: url.includes('/share/users/')
        ? f.userId
        : url.includes('/share/teams/')
          ? f.teamId
          : f.adviceId,
    }),
    resource: 'id',
  },
  'image:uploader': { params: (f) => ({ id: f.imageId }), resource: 'id' },
  'file:viewer': { params: (f) => ({ id: f.fileId }), resource: 'id' },
  'user:network': { params: (f) => ({ id: f.userId }), resource: 'id' },
  'room:participant': { params: (f) => ({ mimId: f.teamMimId }), resource: 'mimId' },
  'card:viewer': { params: (f) => ({ id: f.cardId }), resource: 'id' },
  'card:editor': {
    params: (f, url) => ({
      id: f.cardId,
      targetId: url.includes('/share/users/')
        ? f.userId
        : url.includes('/share/teams/')
          ? f.teamId
          : f.adviceId,
    }),
    resource: 'id',
  },
  'patient:viewer': { params: (f) => ({ id: f.patientId }), resource: 'id' },
  'patient:editor': { params: (f) => ({ id: f.patientId }), resource: 'id' },
  'patient-images:viewer': {
    params: () => ({}),
    query: (f) => ({ patient_id: f.patientId }),
    resource: 'patient_id',
  },
  'patient-image:viewer': { params: (f) => ({ id: f.patientImageId }), resource: 'id' },
  'hospital:network': { params: (f) => ({ id: f.hospitalId }), resource: 'id' },
  // Admin console (issue 20): no resource in the URL, or alice as the managed user.
  admin: { params: () => ({}), resource: 'id' },
  'admin:user': { params: (f) => ({ id: f.userId }), resource: 'id' },
  'admin:user-code': { params: (f) => ({ id: f.userId }), resource: 'id' },
  'admin:invite': { params: (f) => ({ id: f.inviteId }), resource: 'id' },
  'admin:invite-code': { params: (f) => ({ id: f.inviteId }), resource: 'id' },
  'admin:network': { params: (f) => ({ id: f.network.id }), resource: 'id' },
  'admin:networks': { params: () => ({}), resource: 'id' },
  'admin:network-manager': { params: (f) => ({ id: f.network.id }), resource: 'id' },
  'admin:team': { params: (f) => ({ id: f.teamId }), resource: 'id' },
  'admin:organisation': { params: (f) => ({ uuid: f.hospitalUuid }), resource: 'uuid' },
  'template:owner': { params: (f) => ({ id: f.templateId }), resource: 'id' },
  'structured-file:viewer': {
    params: (f) => ({ guid: f.structuredFileGuid, kind: 'image' }),
    resource: 'guid',
  },
  'structured-file:uploader': {
    params: (f) => ({ guid: f.structuredFileGuid }),
    resource: 'guid',
  },
  'admin:advice-channel': { params: (f) => ({ id: f.adviceTeamId }), resource: 'id' },
  // Analytics (issue 20): alice's organisation over a fixed window.
  'analytics:scope': {
    params: (f) => ({
      scope: 'organisation',
      id: f.hospitalUuid,
      from: '2026-01-01',
      to: '2026-01-31',
    }),
    resource: 'id',
  },
};

/**
 * The outsiders a rule lets in. Same-network rules admit everyone but the other network; every
 * other rule admits none of the outsiders (the fixture's resources are private to alice and bob).
 */
const ADMITTED: Partial<Record<Scope, readonly Role[]>> = {
  'user:network': ['nonMember', 'removedMember', 'otherOrganisation'],
  'advice-team:reader': ['nonMember', 'removedMember', 'otherOrganisation'],
  'hospital:network': ['nonMember', 'removedMember', 'otherOrganisation'],
  // A structured file is read by its uploader's organisation.
  'structured-file:viewer': ['nonMember', 'removedMember'],
};

/** Bodies the calls need (validation runs before the access guard). */
const BODIES: Record<string, (f: Fixture) => unknown> = {
  'POST /api/v4/teams': () => ({ name: 'Authz test team', user_ids: [] }),
  'PUT /api/v4/teams/:id': () => ({ name: 'Renamed' }),
  'POST /api/v4/teams/:id/members/add': (f) => ({ user_ids: [f.userId] }),
  'POST /api/v4/teams/:id/members/remove': (f) => ({ user_ids: [f.userId] }),
  'POST /api/v4/teams/:teamId/advice-conversations': () => ({
    message: 'Authorization test question',
  }),
  'POST /api/v4/images/chat/:id/share/users/:targetId': () => ({ access_type: 'READ' }),
  'POST /api/v4/files/:id/email': () => ({ address: 'authz.recipient@example.org' }),
  'POST /api/v4/images/chat/:id/email': () => ({ address: 'authz.recipient@example.org' }),
  'POST /api/v4/images/chat/:id/share/teams/:targetId': () => ({ access_type: 'READ' }),
  'POST /api/v4/images/chat/:id/share/advice-conversation/:targetId': () => ({
    access_type: 'READ',
  }),
  'PUT /api/v4/cards-multiple-reassign/:id': () => ({ title: 'Authz card' }),
  'PUT /api/v4/cards-multiple-reassign/:id/reassign': (f) => ({
    users: [f.userId],
    teams: [f.teamId],
  }),
  'POST /api/v4/cards-multiple-reassign/:id/share/users/:targetId': () => ({ access_type: 'READ' }),
  'POST /api/v4/cards-multiple-reassign/:id/share/teams/:targetId': () => ({ access_type: 'READ' }),
  'POST /api/v4/cards-multiple-reassign/:id/share/advice-conversation/:targetId': () => ({
    access_type: 'READ',
  }),
  'PUT /api/v4/patients/:id': () => ({ patient: { bed: '2' } }),
  'PATCH /api/v4/admin/users/:id': () => ({ blocked: false }),
  'POST /api/v4/admin/invites': () => ({ email: 'authz.invitee@example.org' }),
  'POST /api/v4/admin/networks': () => ({ name: 'Authz network' }),
  // PUT replaces: the network as it is.
  'PUT /api/v4/admin/networks/:id': (f) => ({
    name: f.network.name,
    status: 'ACTIVATED',
    features: f.network.features,
    default_organisation_id: f.network.default_organisation_id,
  }),
  'PATCH /api/v4/admin/networks/:id': () => ({ status: 'ACTIVATED' }),
  'PATCH /api/v4/admin/organisations/:uuid': () => ({ offline_patient_data: true }),
  'POST /api/v4/admin/teams': (f) => ({ name: 'Authz admin team', members: [f.userId] }),
  'PATCH /api/v4/admin/teams/:id': () => ({ name: 'Authz private team' }),
  'POST /api/v4/structured/template/:id': () => ({ title: 'Authz template', controls: [] }),
  'POST /api/v4/structured/email/:kind/:guid': () => ({ address: 'authz.recipient@example.org' }),
  'POST /api/v4/admin/teams/:id/members/add': (f) => ({ user_ids: [f.userId] }),
  'POST /api/v4/admin/teams/:id/members/remove': (f) => ({ user_ids: [f.userId] }),
  'POST /api/v4/admin/advice-channels': (f) => ({
    name: 'Authz admin channel',
    members: [f.userId],
  }),
  'PATCH /api/v4/admin/advice-channels/:id': () => ({ name: 'Authz advice team' }),
  'POST /api/v4/admin/advice-channels/:id/members/add': (f) => ({ user_ids: [f.userId] }),
  'POST /api/v4/admin/advice-channels/:id/members/remove': (f) => ({ user_ids: [f.userId] }),
  'POST /api/v4/admin/send-export-data-request': () => ({
    first_name: 'Authz',
    last_name: 'Test',
    email: 'authz@example.org',
  }),
};

/** The fixture person who plays the rightful caller, when it is not alice. */
const RIGHTFUL: Record<string, 'bob'> = {
  'PUT /api/v4/teams/:teamId/advice-conversations/:id/accept': 'bob',
  'PUT /api/v4/teams/:teamId/advice-conversations/:id/unresolve': 'bob',
  'POST /api/v4/teams/:id/members/remove': 'bob',
  'POST /api/v4/teams/:id/leave': 'bob',
};
/**
 * The rightful caller of the admin rules (every outsider above is a USER or USER_VERIFIED, who
 * get 403 on every admin call): alice's organisation admin, or her network admin for codes.
 */
const RIGHTFUL_BY_SCOPE: Partial<Record<Scope, 'orgAdmin' | 'networkAdmin' | 'pandoAdmin'>> = {
  admin: 'orgAdmin',
  'admin:user': 'orgAdmin',
  'admin:user-code': 'networkAdmin',
  'admin:invite': 'orgAdmin',
  'admin:invite-code': 'networkAdmin',
  'admin:network': 'orgAdmin',
  'admin:networks': 'pandoAdmin',
  'admin:network-manager': 'pandoAdmin',
  'analytics:scope': 'orgAdmin',
  'admin:team': 'orgAdmin',
  'admin:advice-channel': 'orgAdmin',
  'admin:organisation': 'orgAdmin',
};
/** Calls that undo the fixture run last (bob removes alice, then leaves). */
const DESTRUCTIVE = [
  'POST /api/v4/teams/:id/members/remove',
  'POST /api/v4/teams/:id/leave',
  'DELETE /api/v4/cards-multiple-reassign/:id',
  'DELETE /api/v4/admin/invites/:id',
  'POST /api/v4/admin/teams/:id/members/remove',
  'DELETE /api/v4/admin/teams/:id',
  'POST /api/v4/admin/advice-channels/:id/members/remove',
  'DELETE /api/v4/admin/advice-channels/:id',
  'DELETE /api/v4/structured/template/:id',
  'DELETE /api/v4/structured/files/:guid',
];

let ts: TestServer;
let dataDir: string;
let fixture: Fixture;
let people: Record<Role | 'alice' | 'bob' | 'orgAdmin' | 'networkAdmin' | 'pandoAdmin', Caller>;

const key = (r: ApiRoute) => `${r.method} ${r.url}`;

/** One playable case: a route, the URL it is called on, and its body. */
interface Case {
  route: ApiRoute;
  url: string;
  missing?: string;
  body: unknown;
  scope?: Scope;
}

function fill(url: string, values: Record<string, string | number>): string {
  return url.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no fixture value for :${name} in ${url}`);
    return String(value);
  });
}

function casesOf(route: ApiRoute): Case[] {
  const body = route.method === 'GET' ? undefined : (BODIES[key(route)]?.(fixture) ?? {});
  const access = route.access;
  if (access?.kind !== 'scoped') return [{ route, url: route.url, body }];
  const f = SCOPE_FIXTURES[access.scope];
  const values = f.params(fixture, route.url);
  const missingValue =
    access.scope === 'room:participant'
      ? 'no-such-room'
      : access.scope.startsWith('structured-file:')
        ? NO_GUID
        : NONE;
  const query = f.query?.(fixture);
  const qs = (q: Record<string, string | number> | undefined) =>
    q
      ? `?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString()}`
      : '';
  const missingQuery =
    query && f.resource in query ? { ...query, [f.resource]: missingValue } : query;
  const cases: Case[] = [
    {
      route,
      url: fill(route.url, values) + qs(query),
      missing: fill(route.url, { ...values, [f.resource]: missingValue }) + qs(missingQuery),
      body,
      scope: access.scope,
    },
  ];
  // A chat room is a team or an advice conversation: both are played.
  if (access.scope === 'room:participant')
    cases.push({
      route,
      url: fill(route.url, { mimId: fixture.adviceMimId }),
      missing: fill(route.url, { mimId: 'no-such-advice-room' }),
      body,
      scope: access.scope,
    });
  return cases;
}

async function call(who: Caller | undefined, c: Case, url = c.url) {
  return api(
    ts,
    who,
    c.route.method as 'GET' | 'POST' | 'PUT' | 'DELETE',
    url,
    c.route.method === 'GET' ? undefined : c.body,
  );
}

/** The route's declared schema for a status (exact, or its `2xx` class). */
function responseSchema(route: ApiRoute, status: number): z.ZodType | undefined {
  const response = (route.schema?.response ?? {}) as Record<string, unknown>;
  const schema = response[String(status)] ?? response[`${String(status)[0]}xx`];
  return schema instanceof z.ZodType ? schema : undefined;
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
  const [
    alice,
    bob,
    nonMember,
    removedMember,
    otherOrganisation,
    otherNetwork,
    orgAdmin,
    networkAdmin,
    pandoAdmin,
  ] = await Promise.all(
    [
      DEMO_ACCOUNTS.alice,
      DEMO_ACCOUNTS.bob,
      nonMemberEmail!,
      removedEmail!,
      DEMO_ACCOUNTS.carol,
      DEMO_ACCOUNTS.dave,
      DEMO_ACCOUNTS.orgAdmin,
      DEMO_ACCOUNTS.networkAdmin,
      DEMO_ACCOUNTS.pandoAdmin,
    ].map((e) => callerFor(ts, e)),
  );
  people = {
    alice: alice!,
    bob: bob!,
    nonMember: nonMember!,
    removedMember: removedMember!,
    otherOrganisation: otherOrganisation!,
    otherNetwork: otherNetwork!,
    orgAdmin: orgAdmin!,
    networkAdmin: networkAdmin!,
    pandoAdmin: pandoAdmin!,
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

  // alice's patient card, assigned to T, its patient and a photo of the patient.
  const card = (
    await api(ts, people.alice, 'POST', '/api/v4/cards-multiple-reassign', {
      title: 'Authz patient',
    })
  ).json<{ id: number; patient_id: number }>();
  expect(
    (
      await api(ts, people.alice, 'PUT', `/api/v4/cards-multiple-reassign/${card.id}/reassign`, {
        users: [people.alice.id],
        teams: [team.id],
      })
    ).statusCode,
  ).toBe(200);
  const photo = new FormData();
  photo.append('patient_id', String(card.patient_id));
  photo.append('image', new Blob([new Uint8Array(jpeg)]), 'patient.jpg');
  const patientImage = await fetch(`${ts.url}/api/v4/images`, {
    method: 'POST',
    headers: { cookie: people.alice.cookie },
    body: photo,
  });
  expect(patientImage.status).toBe(201);
  const hospital = await ts.db.query<{ hospital_id: number }>(
    'select hospital_id from users where id = $1',
    [people.alice.id],
  );

  // The removed member was in both teams and can read the shared image until removed.
  expect((await api(ts, R, 'GET', `/api/v4/images/chat/${imageId}`)).statusCode).toBe(200);
  expect((await api(ts, R, 'GET', `/api/v4/cards-multiple-reassign/${card.id}`)).statusCode).toBe(
    200,
  );
  await api(ts, people.alice, 'POST', `/api/v4/teams/${team.id}/members/remove`, {
    user_ids: [R.id],
  });
  await api(ts, people.bob, 'POST', `/api/v4/teams/${adviceTeam.id}/members/remove`, {
    user_ids: [R.id],
  });

  const invite = await ts.db.query<{ id: number }>(
    `select i.id from invites i where i.hospital_id = $1 and i.accepted_at is null and i.rescinded_at is null
      order by i.id limit 1`,
    [hospital.rows[0]!.hospital_id],
  );
  const network = await ts.db.query<Fixture['network']>(
    `select n.id, n.name, n.features, n.default_organisation_id from networks n
       join hospitals h on h.network_id = n.id where h.id = $1`,
    [hospital.rows[0]!.hospital_id],
  );

  const template = (
    await api(ts, people.alice, 'POST', '/api/v4/structured/template/0', {
      title: 'Authz template',
      controls: [],
    })
  ).json<{ template_id: number }>();
  const formImage = new FormData();
  formImage.append('file', new Blob([new Uint8Array(jpeg)]), 'form.jpg');
  const structuredFile = await fetch(`${ts.url}/api/v4/structured/files`, {
    method: 'POST',
    headers: { cookie: people.alice.cookie },
    body: formImage,
  });
  expect(structuredFile.status).toBe(201);

  fixture = {
    teamId: team.id,
    teamMimId: team.mim_id,
    adviceTeamId: adviceTeam.id,
    adviceId: advice.id,
    adviceMimId: advice.mim_id,
    imageId,
    fileId: ((await file.json()) as { id: number }).id,
    userId: people.alice.id,
    cardId: card.id,
    patientId: card.patient_id,
    patientImageId: ((await patientImage.json()) as { id: number }).id,
    hospitalId: hospital.rows[0]!.hospital_id,
    inviteId: invite.rows[0]!.id,
    templateId: template.template_id,
    structuredFileGuid: ((await structuredFile.json()) as { file: { file_guid: string } }).file
      .file_guid,
    hospitalUuid: (
      await ts.db.query<{ uuid: string }>(
        'select uuid::text as uuid from hospitals where id = $1',
        [hospital.rows[0]!.hospital_id],
      )
    ).rows[0]!.uuid,
    network: network.rows[0]!,
  };
});
afterAll(async () => {
  await ts.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('generated authorization test (declared access rules × roles)', () => {
  it('every API route declares an access rule the test can play', () => {
    const routes = ts.app.apiRoutes;
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.filter((r) => !r.access).map(key), 'routes without config.access').toEqual([]);
    for (const route of routes) {
      if (route.access?.kind === 'scoped') {
        expect(Object.keys(SCOPES)).toContain(route.access.scope);
        expect(() => casesOf(route), key(route)).not.toThrow();
      }
    }
    for (const k of [...Object.keys(BODIES), ...Object.keys(RIGHTFUL)])
      expect(routes.map(key), 'fixture entries without a route').toContain(k);
  });

  it('non-member, removed member, other organisation and other network get 403, or the 404 of a missing id', async () => {
    let cases = 0;
    let checkedBodies = 0;
    const failures: string[] = [];
    const routes = [...ts.app.apiRoutes].sort(
      (a, b) => Number(DESTRUCTIVE.includes(key(a))) - Number(DESTRUCTIVE.includes(key(b))),
    );
    const all = routes.flatMap(casesOf);
    for (const c of all) {
      const access = c.route.access;
      if (!access || access.kind === 'public') continue;
      const anon = await call(undefined, c);
      cases++;
      if (anon.statusCode !== 401)
        failures.push(`${key(c.route)} anonymous → ${anon.statusCode}, expected 401`);
      if (!c.scope || !c.missing) continue;
      const admitted = ADMITTED[c.scope] ?? [];
      for (const role of ROLES) {
        const res = await call(people[role], c);
        cases++;
        if (admitted.includes(role)) {
          if ([401, 403, 404].includes(res.statusCode))
            failures.push(`${key(c.route)} as admitted ${role} → ${res.statusCode}`);
          continue;
        }
        if (res.statusCode === 403) continue;
        if (res.statusCode === 404) {
          const missing = await call(people[role], c, c.missing);
          if (missing.statusCode !== 404 || missing.body !== res.body) {
            failures.push(
              `${key(c.route)} as ${role}: 404 differs from a missing id (${missing.statusCode} ${missing.body} vs ${res.body})`,
            );
          }
          continue;
        }
        failures.push(`${key(c.route)} as ${role} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    // The rightful caller passes authorization on the same URLs, so the refusals above are
    // real; what they get back is what the route declared.
    for (const c of all) {
      if (!c.scope) continue;
      const who = RIGHTFUL[key(c.route)] ?? RIGHTFUL_BY_SCOPE[c.scope] ?? 'alice';
      const res = await call(people[who], c);
      cases++;
      if ([401, 403, 404].includes(res.statusCode)) {
        failures.push(
          `${key(c.route)} as ${who} (rightful) → ${res.statusCode} ${res.body.slice(0, 120)}`,
        );
        continue;
      }
      const schema = responseSchema(c.route, res.statusCode);
      if (String(res.headers['content-type']).startsWith('application/json') && schema) {
        const parsed = schema.safeParse(res.json());
        checkedBodies++;
        if (!parsed.success)
          failures.push(
            `${key(c.route)} answer does not match its schema: ${parsed.error.message}`,
          );
      }
    }
    console.log(
      `authorization: ${cases} route × role cases over ${routes.length} routes; ${checkedBodies} answers checked against their schemas`,
    );
    expect(failures).toEqual([]);
    expect(cases).toBeGreaterThan(100);
    expect(checkedBodies).toBeGreaterThan(10);
  });
});
