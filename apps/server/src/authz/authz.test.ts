import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../seed/index.js';
import { startTestServer, type TestServer } from '../testing/testServer.js';
import { api, type Caller, callerFor } from '../teams/testing.js';
import type { ApiRoute } from '../http/routeShape.js';
import {
  type AuthzFixture,
  type AuthzPerson,
  type AuthzRoute,
  casesOf,
  playAuthorization,
  routeKey,
  schemaOfStatus,
  unknownFixtureEntries,
} from '@pando/domain/testing';
import { SCOPES } from './access.js';

/**
 * The generated authorization test against the real server: the playbook (@pando/domain/testing)
 * played on the routes the server registered, each with the access rule it declares
 * (`config.access`, from its endpoint declaration).
 */
let ts: TestServer;
let dataDir: string;
let fixture: AuthzFixture;
let people: Record<AuthzPerson, Caller>;

const routesOf = (app: TestServer['app']): AuthzRoute[] =>
  app.apiRoutes.map((r: ApiRoute) => ({
    method: r.method,
    url: r.url,
    access: r.access,
    responseSchema: (status) =>
      schemaOfStatus((r.schema?.response ?? {}) as Record<string, unknown>, status),
  }));

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
  const network = await ts.db.query<AuthzFixture['network']>(
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
    const routes = routesOf(ts.app);
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.filter((r) => !r.access).map(routeKey), 'routes without config.access').toEqual(
      [],
    );
    for (const route of routes) {
      if (route.access?.kind === 'scoped') {
        expect(Object.keys(SCOPES)).toContain(route.access.scope);
        expect(() => casesOf(route, fixture), routeKey(route)).not.toThrow();
      }
    }
    expect(unknownFixtureEntries(routes), 'fixture entries without a route').toEqual([]);
  });

  it('non-member, removed member, other organisation and other network get 403, or the 404 of a missing id', async () => {
    const routes = routesOf(ts.app);
    const { cases, checkedBodies, failures } = await playAuthorization(
      routes,
      fixture,
      async (who, method, url, body) => {
        const res = await api(
          ts,
          who ? people[who] : undefined,
          method as 'GET' | 'POST' | 'PUT' | 'DELETE',
          url,
          body,
        );
        return {
          status: res.statusCode,
          body: res.body,
          contentType: res.headers['content-type'] ?? '',
        };
      },
    );
    console.log(
      `authorization: ${cases} route × role cases over ${routes.length} routes; ${checkedBodies} answers checked against their schemas`,
    );
    expect(failures).toEqual([]);
    expect(cases).toBeGreaterThan(100);
    expect(checkedBodies).toBeGreaterThan(10);
  });
});
