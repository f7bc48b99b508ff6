import { allEndpoints } from '@pando/domain';
import { DEMO_ACCOUNTS } from '@pando/domain/demo';
import {
  type AuthzFixture,
  type AuthzPerson,
  type AuthzRoute,
  playAuthorization,
  schemaOfStatus,
} from '@pando/domain/testing';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminStore } from './adminStore';
import { createMockBackend } from './backend';
import { createHandlers } from './handlers';

/**
 * The generated authorization test against the mock backend (issue 38): the server's playbook
 * (@pando/domain/testing, played on the real server by apps/server src/authz/authz.test.ts) played
 * on every endpoint declaration the mock backend answers, so the demo, Storybook and the client
 * tests refuse what the server refuses, with the same statuses. The fixture is built through the
 * mock's own API, as the server's is through the server's.
 */
const ORIGIN = 'http://pando.test';
const backend = createMockBackend();
const server = setupServer(...createHandlers(backend));

/** An 8 × 8 JPEG (made with sharp), for the image uploads of the fixture. */
const JPEG = Uint8Array.from(
  atob(
    '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAAB//EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AIwBeEz/2Q==',
  ),
  (c) => c.charCodeAt(0),
);

/** A session of the mock backend for an email (its code read from the mock mailbox). */
function bearerFor(email: string): string {
  const challenge = backend.startLogin(email);
  const mail = backend.state.mailbox.findLast((m) => m.to === email);
  const code = /([A-Z0-9]{3}-[A-Z0-9]{3})/.exec(mail?.text ?? '')?.[1] ?? '';
  const done = backend.finishLogin(challenge, code);
  if (!done.ok) throw new Error(`no session for ${email}`);
  return done.session.access_token;
}

let people: Record<AuthzPerson, { bearer: string; id: number }>;
let fixture: AuthzFixture;

async function send(
  who: AuthzPerson | undefined,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; body: string; contentType: string }> {
  const form = body instanceof FormData;
  const res = await fetch(`${ORIGIN}${url}`, {
    method,
    headers: {
      ...(who ? { authorization: `Bearer ${people[who].bearer}` } : {}),
      ...(method === 'GET' || form ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: form ? body : JSON.stringify(body) }),
  });
  return {
    status: res.status,
    body: await res.text(),
    contentType: res.headers.get('content-type') ?? '',
  };
}

/** A call of the fixture's set-up, which must succeed. */
async function made<T>(who: AuthzPerson, method: string, url: string, body?: unknown): Promise<T> {
  const res = await send(who, method, url, body);
  if (res.status >= 300) throw new Error(`${method} ${url} → ${res.status} ${res.body}`);
  return (res.body === '' ? undefined : JSON.parse(res.body)) as T;
}

const routes: AuthzRoute[] = allEndpoints().map((e) => ({
  method: e.method,
  url: `/api/${e.api ?? 'v4'}${e.path}`,
  access: e.access,
  responseSchema: (status) => schemaOfStatus(e.responses, status),
}));

beforeAll(async () => {
  server.listen({ onUnhandledFrame: 'error' });
  const stElsewhere = backend.userByEmail(DEMO_ACCOUNTS.alice)?.hospital_id;
  const demo = new Set<string>(Object.values(DEMO_ACCOUNTS));
  const [nonMember, removedMember] = backend.state.users.filter(
    (u) =>
      u.hospital_id === stElsewhere &&
      ['USER', 'USER_VERIFIED'].includes(u.access_level) &&
      !u.blocked &&
      !demo.has(u.email),
  );
  if (!nonMember || !removedMember) throw new Error('the mock seed lacks two staff members');
  const person = (email: string) => {
    const user = backend.userByEmail(email);
    if (!user) throw new Error(`no ${email} in the mock seed`);
    return { bearer: bearerFor(email), id: user.id };
  };
  people = {
    alice: person(DEMO_ACCOUNTS.alice),
    bob: person(DEMO_ACCOUNTS.bob),
    nonMember: person(nonMember.email),
    removedMember: person(removedMember.email),
    otherOrganisation: person(DEMO_ACCOUNTS.carol),
    otherNetwork: person(DEMO_ACCOUNTS.dave),
    orgAdmin: person(DEMO_ACCOUNTS.orgAdmin),
    networkAdmin: person(DEMO_ACCOUNTS.networkAdmin),
    pandoAdmin: person(DEMO_ACCOUNTS.pandoAdmin),
  };
  const R = people.removedMember;

  const team = await made<{ id: number; mim_id: string }>('alice', 'POST', '/api/v4/teams', {
    name: 'Authz private team',
    user_ids: [people.bob.id, R.id],
  });
  const adviceTeam = await made<{ id: number }>('bob', 'POST', '/api/v4/teams', {
    name: 'Authz advice team',
    user_ids: [R.id],
  });
  const adviceRecord = backend.team(adviceTeam.id);
  if (!adviceRecord) throw new Error('the advice team was not made');
  adviceRecord.public_data = { ...adviceRecord.public_data, enabled: true };
  const advice = await made<{ id: number; mim_id: string }>(
    'alice',
    'POST',
    `/api/v4/teams/${adviceTeam.id}/advice-conversations`,
    { message: 'Fixture question' },
  );

  const jpeg = () => new Blob([JPEG], { type: 'image/jpeg' });
  const image = await made<{ id: number }>('alice', 'POST', '/api/v4/images/chat');
  const imageForm = new FormData();
  imageForm.append('image', jpeg(), 'fixture.jpg');
  await made('alice', 'PUT', `/api/v4/images/chat/${image.id}`, imageForm);
  for (const share of [`teams/${team.id}`, `advice-conversation/${advice.id}`])
    await made('alice', 'POST', `/api/v4/images/chat/${image.id}/share/${share}`, {
      access_type: 'READ',
    });
  const fileForm = new FormData();
  fileForm.append('team_ids', String(team.id));
  fileForm.append('file', new Blob(['%PDF-1.4\n%%EOF\n'], { type: 'application/pdf' }), 'f.pdf');
  const file = await made<{ id: number }>('alice', 'POST', '/api/v4/files', fileForm);

  const card = await made<{ id: number; patient_id: number }>(
    'alice',
    'POST',
    '/api/v4/cards-multiple-reassign',
    { title: 'Authz patient' },
  );
  await made('alice', 'PUT', `/api/v4/cards-multiple-reassign/${card.id}/reassign`, {
    users: [people.alice.id],
    teams: [team.id],
  });
  const photo = new FormData();
  photo.append('patient_id', String(card.patient_id));
  photo.append('image', jpeg(), 'patient.jpg');
  const patientImage = await made<{ id: number }>('alice', 'POST', '/api/v4/images', photo);

  // The removed member was in both teams; now they are not.
  await made('alice', 'POST', `/api/v4/teams/${team.id}/members/remove`, { user_ids: [R.id] });
  await made('bob', 'POST', `/api/v4/teams/${adviceTeam.id}/members/remove`, {
    user_ids: [R.id],
  });

  const hospital = backend.hospital(stElsewhere ?? 0);
  const network = backend.state.networks.find((n) => n.id === hospital?.network_id);
  const networkMeta = network && adminStore(backend).networks.get(network.id);
  if (!hospital || !network || !networkMeta) throw new Error('alice has no network in the seed');
  // A pending invitation of alice's organisation (the server's seed has one).
  await made('orgAdmin', 'POST', '/api/v4/admin/invites', {
    email: 'authz.pending@example.org',
  });
  const invite = adminStore(backend).invites.find(
    (i) => i.hospital_id === hospital.id && !i.closed,
  );
  if (!invite) throw new Error('no pending invitation');

  const template = await made<{ template_id: number }>(
    'alice',
    'POST',
    '/api/v4/structured/template/0',
    { title: 'Authz template', controls: [] },
  );
  const formImage = new FormData();
  formImage.append('file', jpeg(), 'form.jpg');
  const structuredFile = await made<{ file: { file_guid: string } }>(
    'alice',
    'POST',
    '/api/v4/structured/files',
    formImage,
  );

  fixture = {
    teamId: team.id,
    teamMimId: team.mim_id,
    adviceTeamId: adviceTeam.id,
    adviceId: advice.id,
    adviceMimId: advice.mim_id,
    imageId: image.id,
    fileId: file.id,
    userId: people.alice.id,
    cardId: card.id,
    patientId: card.patient_id,
    patientImageId: patientImage.id,
    hospitalId: hospital.id,
    inviteId: invite.id,
    templateId: template.template_id,
    structuredFileGuid: structuredFile.file.file_guid,
    hospitalUuid: hospital.uuid,
    network: {
      id: network.id,
      name: network.name,
      features: network.features,
      default_organisation_id: networkMeta.default_organisation_id,
    },
  };
}, 30_000);
afterAll(() => {
  server.close();
});

describe('generated authorization test on the mock backend (declared access rules × roles)', () => {
  it('non-member, removed member, other organisation and other network get 403, or the 404 of a missing id', async () => {
    const { cases, checkedBodies, failures } = await playAuthorization(routes, fixture, send);
    console.log(
      `authorization (mock backend): ${cases} cases over ${routes.length} endpoints; ${checkedBodies} answers checked against their declared schemas`,
    );
    expect(failures).toEqual([]);
    expect(cases).toBeGreaterThan(routes.length);
    expect(checkedBodies).toBeGreaterThan(10);
  }, 60_000);
});
