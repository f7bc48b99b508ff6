import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultNewTemplate, EDIT_CONFLICT, TEXTS } from '@pando/domain';
import { DEMO_ACCOUNTS } from './seed/index.js';
import { type Caller, callerFor } from './teams/testing.js';
import { startTestServer, type TestServer } from './testing/testServer.js';

/**
 * Issue 35: a change made on a stale copy of a shared record is refused with 409 and a message
 * that says someone else changed it, never silently applied. For each record: two people read
 * it, one changes it, the other changes it from the copy they read → 409 `EDIT_CONFLICT`, and
 * the record is as the first left it. A change naming no version is still accepted (the spec's
 * clients send none), and a person's consecutive saves, each on the version the last returned,
 * never conflict with themselves.
 */

let ts: TestServer;
const people = {} as Record<'alice' | 'bob' | 'orgAdmin' | 'pandoAdmin', Caller>;

type Json = Record<string, unknown>;

async function call(
  who: Caller,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await ts.app.inject({
    method,
    url: `/api/v4${url}`,
    headers: {
      cookie: who.cookie,
      ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  return { status: res.statusCode, json: () => res.json<Json>(), body: res.body };
}

async function read(who: Caller, url: string): Promise<Json> {
  const res = await call(who, 'GET', url);
  expect(res.status, res.body).toBe(200);
  return res.json();
}

function expectConflict(res: { status: number; json: () => Json; body: string }) {
  expect(res.status, res.body).toBe(409);
  expect(res.json()).toMatchObject({ message: TEXTS.editConflict, internalCode: EDIT_CONFLICT });
}

beforeAll(async () => {
  ts = await startTestServer();
  for (const k of ['alice', 'bob', 'orgAdmin', 'pandoAdmin'] as const)
    people[k] = await callerFor(ts, DEMO_ACCOUNTS[k]);
}, 120_000);

afterAll(async () => {
  await ts.close();
});

async function newCard(who: Caller, title: string): Promise<Json> {
  const res = await call(
    who,
    'POST',
    `/cards-multiple-reassign?assignee=users&assignee_id=${people.bob.id}&with_empty_task=false`,
    { title, subtitle: 'Bay 3' },
  );
  expect(res.status, res.body).toBe(201);
  return res.json();
}

describe('a change on a stale copy is refused with 409', () => {
  it('template: a save from a copy opened before another save is refused, the other save stays', async () => {
    const { pandoAdmin } = people;
    const draft = {
      ...defaultNewTemplate({ author: 'Stale', created_by_id: 0 }),
      title: 'Stale template',
    };
    const created = await call(pandoAdmin, 'POST', '/structured/template/0', draft);
    expect(created.status, created.body).toBe(200);
    const id = created.json()['template_id'] as number;
    const open = async () =>
      ((await read(pandoAdmin, '/structured/templates'))['results'] as Json[]).find(
        (t) => t['id'] === id,
      )!;
    const windowA = await open();
    const windowB = await open();
    const saved = await call(pandoAdmin, 'POST', `/structured/template/${id}`, {
      ...windowA,
      description: 'By A',
    });
    expect(saved.json()).toMatchObject({ status: 'ok', version: '1.1' });
    expectConflict(
      await call(pandoAdmin, 'POST', `/structured/template/${id}`, {
        ...windowB,
        description: 'By B',
      }),
    );
    expect(await open()).toMatchObject({ description: 'By A', version: '1.1' });
    // Without a version (the spec's clients) the save is taken as before.
    const { modified_at: _dropped, ...plain } = await open();
    const unversioned = await call(pandoAdmin, 'POST', `/structured/template/${id}`, {
      ...plain,
      description: 'By C',
    });
    expect(unversioned.json()).toMatchObject({ status: 'ok', version: '1.2' });
  });

  it('card: a task or title change made on a copy read before a colleague changed them is refused; their own consecutive saves are not', async () => {
    const { alice, bob } = people;
    const created = await newCard(alice, 'Stale card');
    const id = created['id'] as number;
    const CARD = `/cards-multiple-reassign/${id}`;
    const first = await call(alice, 'PUT', CARD, {
      tasks: [
        { title: 'Bloods', completed: false, order: 0 },
        { title: 'ECG', completed: false, order: 1 },
      ],
    });
    expect(first.status, first.body).toBe(200);
    type TaskJson = { id: number; title: string; completed: boolean; order: number };
    const list = (card: Json) =>
      (card['tasks'] as TaskJson[]).map(({ id: taskId, title, completed, order }) => ({
        id: taskId,
        title,
        completed,
        order,
      }));
    const alicesCopy = await read(alice, CARD);
    const bobsCopy = await read(bob, CARD);
    const [bloods, ecg] = list(bobsCopy);
    // Bob ticks Bloods, then (his own next save, on the same loaded copy) ticks ECG too.
    const bobTicks = await call(bob, 'PUT', CARD, {
      tasks: [{ ...bloods, completed: true }, ecg],
      modified_at: bobsCopy['modified_at'],
    });
    expect(bobTicks.status, bobTicks.body).toBe(200);
    const bobAgain = await call(bob, 'PUT', CARD, {
      tasks: [
        { ...bloods, completed: true },
        { ...ecg, completed: true },
      ],
      modified_at: bobsCopy['modified_at'],
    });
    expect(bobAgain.status, bobAgain.body).toBe(200);
    // Alice, from her copy where both are open, renames ECG: refused, nothing she sent is saved.
    expectConflict(
      await call(alice, 'PUT', CARD, {
        tasks: [bloods, { ...ecg, title: 'ECG x2' }],
        modified_at: alicesCopy['modified_at'],
      }),
    );
    const after = await read(alice, CARD);
    expect(list(after).map((t) => [t.title, t.completed])).toEqual([
      ['Bloods', true],
      ['ECG', true],
    ]);
    // A title set on a stale copy is refused too; through If-Match as well.
    expectConflict(
      await call(alice, 'PUT', CARD, {
        title: 'Bed 9',
        modified_at: alicesCopy['modified_at'],
      }),
    );
    expectConflict(
      await call(
        alice,
        'PUT',
        CARD,
        { title: 'Bed 9' },
        { 'if-match': `"${String(alicesCopy['modified_at'])}"` },
      ),
    );
    expect((await read(alice, CARD))['title']).toBe('Stale card');
    // On the latest copy her change is saved; a task added by someone else meanwhile is kept.
    const latest = await read(alice, CARD);
    const bobAdds = await call(bob, 'PUT', CARD, {
      tasks: [...list(latest), { title: 'Chase echo', completed: false, order: 2 }],
      modified_at: latest['modified_at'],
    });
    expect(bobAdds.status, bobAdds.body).toBe(200);
    const saved = await call(alice, 'PUT', CARD, {
      tasks: list(latest).map((t) => (t.title === 'ECG' ? { ...t, title: 'ECG x2' } : t)),
      modified_at: latest['modified_at'],
    });
    expect(saved.status, saved.body).toBe(200);
    expect(list(saved.json()).map((t) => t.title)).toEqual(['Bloods', 'ECG x2', 'Chase echo']);
    const titled = await call(alice, 'PUT', CARD, {
      title: 'Bed 9',
      modified_at: saved.json()['modified_at'],
    });
    expect(titled.status, titled.body).toBe(200);
    expect(titled.json()['title']).toBe('Bed 9');
  });

  it("patient: notes saved from a card opened before a colleague's change are refused, the colleague's change stays", async () => {
    const { alice, bob } = people;
    const card = await newCard(alice, 'Stale patient');
    const id = card['patient_id'] as number;
    const alicesCopy = await read(alice, `/patients-multiple-reassign/${id}`);
    const bobsCopy = await read(bob, `/patients-multiple-reassign/${id}`);
    expect(alicesCopy['modified_at']).toEqual(expect.any(String));
    const bobSaves = await call(bob, 'PUT', `/patients/${id}`, {
      patient: { gender: 'FEMALE', overview: 'Allergic to penicillin' },
      modified_at: bobsCopy['modified_at'],
    });
    expect(bobSaves.status, bobSaves.body).toBe(200);
    expectConflict(
      await call(alice, 'PUT', `/patients/${id}`, {
        patient: { overview: 'No known allergies' },
        modified_at: alicesCopy['modified_at'],
      }),
    );
    expect(await read(alice, `/patients-multiple-reassign/${id}`)).toMatchObject({
      gender: 'FEMALE',
      overview: 'Allergic to penicillin',
    });
    // Bob's next save, on the version his first returned, is his own: accepted.
    const again = await call(bob, 'PUT', `/patients/${id}`, {
      patient: { bed: '4' },
      modified_at: bobSaves.json()['modified_at'],
    });
    expect(again.status, again.body).toBe(200);
    // If-Match as an API client sends it; and no version at all (the spec's clients).
    expectConflict(
      await call(
        alice,
        'PUT',
        `/patients/${id}`,
        { patient: { bed: '5' } },
        { 'if-match': String(alicesCopy['modified_at']) },
      ),
    );
    const plain = await call(alice, 'PUT', `/patients/${id}`, { patient: { bed: '6' } });
    expect(plain.status, plain.body).toBe(200);
    expect(plain.json()).toMatchObject({ bed: '6', gender: 'FEMALE' });
  });

  for (const path of ['advice-channels', 'teams'] as const) {
    it(`admin ${path}: an edit from a form opened before another admin's is refused`, async () => {
      const { orgAdmin, alice, bob } = people;
      const created = await call(orgAdmin, 'POST', `/admin/${path}`, {
        name: `Stale ${path}`,
        members: [alice.id],
        ...(path === 'advice-channels' ? { description: 'First words' } : {}),
      });
      expect(created.status, created.body).toBe(201);
      const id = created.json()['id'] as number;
      const first = await read(orgAdmin, `/admin/${path}/${id}`);
      const second = await read(orgAdmin, `/admin/${path}/${id}`);
      expect(first['modified_at']).toEqual(expect.any(String));
      const saved = await call(orgAdmin, 'PATCH', `/admin/${path}/${id}`, {
        name: `Stale ${path} (first)`,
        description: 'Second words',
        modified_at: first['modified_at'],
      });
      expect(saved.status, saved.body).toBe(200);
      expectConflict(
        await call(orgAdmin, 'PATCH', `/admin/${path}/${id}`, {
          name: `Stale ${path} (second)`,
          modified_at: second['modified_at'],
        }),
      );
      expect((await read(orgAdmin, `/admin/${path}/${id}`))['name']).toBe(`Stale ${path} (first)`);
      // A member added by a clinician's panel is a change too: the form must be reopened.
      const latest = await read(orgAdmin, `/admin/${path}/${id}`);
      const addedByPanel = await call(orgAdmin, 'POST', `/admin/${path}/${id}/members/add`, {
        user_ids: [bob.id],
      });
      expect(addedByPanel.status, addedByPanel.body).toBe(200);
      expectConflict(
        await call(orgAdmin, 'PATCH', `/admin/${path}/${id}`, {
          name: `Stale ${path} (third)`,
          modified_at: latest['modified_at'],
        }),
      );
      // On the latest version, and without one (the spec's clients), the edit is saved.
      const fresh = await read(orgAdmin, `/admin/${path}/${id}`);
      const ok = await call(orgAdmin, 'PATCH', `/admin/${path}/${id}`, {
        name: `Stale ${path} (fourth)`,
        modified_at: fresh['modified_at'],
      });
      expect(ok.status, ok.body).toBe(200);
      const plain = await call(orgAdmin, 'PATCH', `/admin/${path}/${id}`, {
        name: `Stale ${path} (fifth)`,
      });
      expect(plain.status, plain.body).toBe(200);
    });
  }

  it('team: a rename from a page opened before a member was added is refused, the member stays', async () => {
    const { alice, bob } = people;
    const created = await call(alice, 'POST', '/teams', {
      name: 'Night shift',
      user_ids: [],
      public_data: {},
    });
    expect(created.status, created.body).toBe(201);
    const id = created.json()['id'] as number;
    const alicesCopy = await read(alice, `/teams/${id}`);
    // In another window, bob is added.
    const added = await call(alice, 'POST', `/teams/${id}/members/add`, { user_ids: [bob.id] });
    expect(added.status, added.body).toBe(200);
    const bobsCopy = await read(bob, `/teams/${id}`);
    // The page opened before renames: refused, named as someone else's change.
    expectConflict(
      await call(alice, 'PUT', `/teams/${id}`, {
        name: 'Night shift (renamed)',
        modified_at: alicesCopy['modified_at'],
      }),
    );
    // The same through If-Match, as an API client sends it.
    expectConflict(
      await call(
        alice,
        'PUT',
        `/teams/${id}`,
        { name: 'Night shift (renamed)' },
        { 'if-match': `"${String(alicesCopy['modified_at'])}"` },
      ),
    );
    const after = await read(alice, `/teams/${id}`);
    expect(after['name']).toBe('Night shift');
    expect(after['user_ids']).toEqual(expect.arrayContaining([alice.id, bob.id]));
    // On the latest copy the rename works, sends only the name, and keeps both members.
    const renamed = await call(bob, 'PUT', `/teams/${id}`, {
      name: 'Night shift huddle',
      modified_at: bobsCopy['modified_at'],
    });
    expect(renamed.status, renamed.body).toBe(200);
    expect(renamed.json()['user_ids']).toEqual(expect.arrayContaining([alice.id, bob.id]));
    // Bob's second rename, on the version his first returned, is his own: accepted.
    const again = await call(bob, 'PUT', `/teams/${id}`, {
      name: 'Night shift team',
      modified_at: renamed.json()['modified_at'],
    });
    expect(again.status, again.body).toBe(200);
    // A change naming no version is accepted (the spec's clients).
    const plain = await call(alice, 'PUT', `/teams/${id}`, { name: 'Night shift' });
    expect(plain.status, plain.body).toBe(200);
    expect(plain.json()['user_ids']).toEqual(expect.arrayContaining([alice.id, bob.id]));
  });
});
