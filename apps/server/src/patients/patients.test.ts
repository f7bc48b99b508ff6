import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PatientCard, Task } from '@pando/domain';
import { DEMO_ACCOUNTS } from '../seed/index.js';
import { startTestServer, type TestServer } from '../testing/testServer.js';
import { ALL_EMBEDS, listCards } from './repo.js';
import { api, type Caller, callerFor, demoCallers, teamId } from '../teams/testing.js';

/**
 * Issue 18 through the API, on the demo organisation: who sees a card (creator, assignee,
 * member of an assigned team, removed member, shared READ, stranger), the task rules, two
 * people editing one card, patients, hospitals, wards and patient images.
 */

let ts: TestServer;
let dataDir: string;
let alice: Caller;
let bob: Caller;
let carol: Caller;
let dave: Caller;
/** Two St Elsewhere General staff who are in none of the cards below at first. */
let sam: Caller;
let tess: Caller;

const CARDS = '/api/v4/cards-multiple-reassign';

async function createCard(who: Caller, title: string, assigneeId = who.id): Promise<PatientCard> {
  const res = await api(
    ts,
    who,
    'POST',
    `${CARDS}?assignee=users&assignee_id=${assigneeId}&with_empty_task=false`,
    { title, subtitle: 'Bay 2' },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PatientCard>();
}

const getCard = (who: Caller, id: number) =>
  api(ts, who, 'GET', `${CARDS}/${id}?embed=patient,users,teams`);

const putCard = (who: Caller, id: number, body: unknown) =>
  api(ts, who, 'PUT', `${CARDS}/${id}`, body);

const taskInput = (t: Pick<Task, 'id' | 'title' | 'completed' | 'order'>) => ({
  ...(typeof t.id === 'number' ? { id: t.id } : {}),
  title: t.title,
  completed: t.completed,
  order: t.order,
});

async function analyticsCount(type: string, userId: number): Promise<number> {
  const r = await ts.db.query<{ n: number }>(
    'select count(*)::int as n from analytics_events where type = $1 and user_id = $2',
    [type, userId],
  );
  return r.rows[0]?.n ?? 0;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pando-patients-'));
  ts = await startTestServer({ dataDir });
  ({ alice, bob, carol, dave } = await demoCallers(ts));
  const staff = await ts.db.query<{ email: string }>(
    `select u.email from users u join hospitals h on h.id = u.hospital_id
      where h.name = 'St Elsewhere General' and u.access_level in ('USER', 'USER_VERIFIED')
        and u.email <> all($1::text[]) order by u.id limit 2`,
    [Object.values(DEMO_ACCOUNTS)],
  );
  const [samEmail, tessEmail] = staff.rows.map((r) => r.email);
  sam = await callerFor(ts, samEmail!);
  tess = await callerFor(ts, tessEmail!);
}, 120_000);

afterAll(async () => {
  await ts.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the patient list', () => {
  it("alice's list holds the demo card John Jones, with its patient, assignees and tasks", async () => {
    const res = await api(ts, alice, 'GET', `${CARDS}?embed=patient,users,teams&limit=100`);
    expect(res.statusCode).toBe(200);
    const cards = res.json<{ results: PatientCard[] }>().results;
    const john = cards.find((c) => c.title === 'John Jones');
    expect(john).toMatchObject({ editable: true, patient: { last_name: 'Jones', bed: '3' } });
    expect(john?.patient?.ward?.name).toBe('Ward 7');
    expect(john?.users.map((u) => u.id).sort()).toEqual([alice.id, bob.id].sort());
    expect(john?.teams.map((t) => t.name)).toEqual(['Ward 7 Team']);
    expect(john?.tasks.map((t) => t.title)).toEqual(['Take bloods', 'Repeat ECG']);
    const dates = cards.map((c) => c.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(
      (await api(ts, alice, 'GET', `${CARDS}?limit=2`)).json<{ results: unknown[] }>().results,
    ).toHaveLength(2);
  });

  it('finds a card by patient name or identifier, only among the cards one sees', async () => {
    const byName = await api(ts, bob, 'GET', `${CARDS}?search=jones%20john`);
    expect(byName.json<{ results: PatientCard[] }>().results.map((c) => c.title)).toContain(
      'John Jones',
    );
    const byId = await api(ts, bob, 'GET', `${CARDS}?search=nhs-000%20-0001`);
    expect(byId.json<{ results: PatientCard[] }>().results.map((c) => c.title)).toEqual([
      'John Jones',
    ]);
    const stranger = await api(ts, dave, 'GET', `${CARDS}?search=jones`);
    expect(stranger.json<{ results: PatientCard[] }>().results).toEqual([]);
  });

  it('the list and creating cards need the premium feature patient_cards (carol has none)', async () => {
    const list = await api(ts, carol, 'GET', CARDS);
    expect(list.statusCode).toBe(403);
    expect(list.json()).toMatchObject({ internalCode: 'FEATURE_NOT_ENABLED' });
    const create = await api(ts, carol, 'POST', `${CARDS}?assignee=users&assignee_id=${carol.id}`, {
      title: 'x',
    });
    expect(create.statusCode).toBe(403);
  });

  it('a bad limit is a 400 naming it', async () => {
    const res = await api(ts, alice, 'GET', `${CARDS}?limit=500`);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('limit');
  });
});

describe('who sees a card', () => {
  it('the creator and the assignee see and edit it; a stranger gets 404 on every card route', async () => {
    const card = await createCard(alice, 'Mrs Smith', bob.id);
    expect(card).toMatchObject({ title: 'Mrs Smith', subtitle: 'Bay 2', editable: true });
    expect(card.patient_id).toBeGreaterThan(0);
    expect(card.users.map((u) => u.id).sort()).toEqual([alice.id, bob.id].sort());
    expect((await getCard(bob, card.id)).json<PatientCard>().editable).toBe(true);
    for (const stranger of [sam, carol, dave]) {
      const calls = [
        getCard(stranger, card.id),
        putCard(stranger, card.id, { title: 'x' }),
        api(ts, stranger, 'DELETE', `${CARDS}/${card.id}`),
        api(ts, stranger, 'PUT', `${CARDS}/${card.id}/reassign`, { users: [], teams: [] }),
        api(ts, stranger, 'POST', `/api/v4/cards/${card.id}/export-to-email?timezone=UTC`),
        api(ts, stranger, 'POST', `${CARDS}/${card.id}/share/users/${stranger.id}`, {
          access_type: 'READ',
        }),
        api(ts, stranger, 'GET', `/api/v4/patients-multiple-reassign/${card.patient_id}`),
        api(ts, stranger, 'PUT', `/api/v4/patients/${card.patient_id}`, { patient: { bed: '1' } }),
        api(ts, stranger, 'GET', `/api/v4/images?patient_id=${card.patient_id}`),
      ];
      for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(404);
      // The same answer as an id that does not exist.
      expect((await getCard(stranger, 999_999)).json()).toEqual(
        (await getCard(stranger, card.id)).json(),
      );
      const tasks = await api(ts, stranger, 'GET', `/api/v4/tasks-multiple-reassign`);
      expect(
        tasks.json<{ results: Task[] }>().results.filter((t) => t.patient_card_id === card.id),
      ).toEqual([]);
    }
    expect(await analyticsCount('patient_card_created', alice.id)).toBeGreaterThanOrEqual(1);
  });

  it('members of an assigned team see it, also members who join later; a removed member loses it at once', async () => {
    const team = (
      await api(ts, alice, 'POST', '/api/v4/teams', { name: 'Card team', user_ids: [sam.id] })
    ).json<{ id: number }>();
    const card = await createCard(alice, 'Mr Team');
    expect((await getCard(sam, card.id)).statusCode).toBe(404);
    const reassigned = await api(ts, alice, 'PUT', `${CARDS}/${card.id}/reassign`, {
      users: [alice.id],
      teams: [team.id],
    });
    expect(reassigned.statusCode, reassigned.body).toBe(200);
    expect(reassigned.json<PatientCard>().teams.map((t) => t.id)).toEqual([team.id]);
    expect((await getCard(sam, card.id)).json<PatientCard>().editable).toBe(true);
    expect((await getCard(tess, card.id)).statusCode).toBe(404);
    await api(ts, alice, 'POST', `/api/v4/teams/${team.id}/members/add`, { user_ids: [tess.id] });
    expect((await getCard(tess, card.id)).statusCode).toBe(200);
    const list = await api(ts, tess, 'GET', CARDS);
    expect(list.json<{ results: PatientCard[] }>().results.map((c) => c.id)).toContain(card.id);
    await api(ts, alice, 'POST', `/api/v4/teams/${team.id}/members/remove`, {
      user_ids: [sam.id],
    });
    expect((await getCard(sam, card.id)).statusCode).toBe(404);
    // tess unassigns her own team: the save works, she gets the card read-only, then loses it.
    const away = await api(ts, tess, 'PUT', `${CARDS}/${card.id}/reassign`, {
      users: [alice.id],
      teams: [],
    });
    expect(away.statusCode).toBe(200);
    expect(away.json<PatientCard>()).toMatchObject({ teams: [], editable: false });
    expect((await getCard(tess, card.id)).statusCode).toBe(404);
    expect(
      (await api(ts, sam, 'GET', CARDS))
        .json<{ results: PatientCard[] }>()
        .results.map((c) => c.id),
    ).not.toContain(card.id);
  });

  it('a card reached only through a share comes back editable: false and every write is refused', async () => {
    const card = await createCard(alice, 'Mr Shared');
    const shared = await api(ts, alice, 'POST', `${CARDS}/${card.id}/share/users/${tess.id}`, {
      access_type: 'READ',
    });
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json()).toEqual({ id: card.id, access_type: 'READ' });
    const seen = await getCard(tess, card.id);
    expect(seen.json<PatientCard>()).toMatchObject({ title: 'Mr Shared', editable: false });
    const listed = (await api(ts, tess, 'GET', CARDS)).json<{ results: PatientCard[] }>();
    expect(listed.results.find((c) => c.id === card.id)?.editable).toBe(false);
    const writes = await Promise.all([
      putCard(tess, card.id, { title: 'Hijacked' }),
      api(ts, tess, 'DELETE', `${CARDS}/${card.id}`),
      api(ts, tess, 'PUT', `${CARDS}/${card.id}/reassign`, { users: [tess.id], teams: [] }),
      api(ts, tess, 'POST', `${CARDS}/${card.id}/share/users/${sam.id}`, { access_type: 'READ' }),
      api(ts, tess, 'PUT', `/api/v4/patients/${card.patient_id}`, { patient: { bed: '9' } }),
    ]);
    for (const res of writes) expect(res.statusCode, res.body).toBe(403);
    expect((await getCard(alice, card.id)).json<PatientCard>().title).toBe('Mr Shared');
    // Reading is not writing: the shared reader may read the patient and mail the card.
    expect(
      (await api(ts, tess, 'GET', `/api/v4/patients-multiple-reassign/${card.patient_id}`))
        .statusCode,
    ).toBe(200);
  });

  it('a card is shared into a team chat; a member reads it, and cards are never shared into forums', async () => {
    const card = await createCard(alice, 'Mr Forum');
    const forum = await teamId(ts, 'Junior Doctors Forum');
    await api(ts, alice, 'POST', `/api/v4/teams/${forum.id}/members/add`, {
      user_ids: [alice.id],
    });
    const refused = await api(ts, alice, 'POST', `${CARDS}/${card.id}/share/teams/${forum.id}`, {
      access_type: 'READ',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe(
      'You cannot share patient within a forum',
    );
    const asAssignee = await api(ts, alice, 'PUT', `${CARDS}/${card.id}/reassign`, {
      users: [alice.id],
      teams: [forum.id],
    });
    expect(asAssignee.statusCode).toBe(403);
    const ward7 = await teamId(ts, 'Ward 7 Team');
    const ok = await api(ts, alice, 'POST', `${CARDS}/${card.id}/share/teams/${ward7.id}`, {
      access_type: 'READ',
    });
    expect(ok.statusCode).toBe(200);
    const bobSees = (await getCard(bob, card.id)).json<PatientCard>();
    expect(bobSees.editable).toBe(false);
    // Not a member of the target team: the team is as missing.
    const night = await teamId(ts, 'Night Shift');
    const notMine = await api(ts, dave, 'POST', `${CARDS}/${card.id}/share/teams/${night.id}`, {
      access_type: 'READ',
    });
    expect(notMine.statusCode).toBe(404);
    const badBody = await api(ts, alice, 'POST', `${CARDS}/${card.id}/share/teams/${ward7.id}`, {
      access_type: 'WRITE',
    });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.body).toContain('access_type');
  });

  it('sharing into an advice conversation works as POST and as GET (same-origin only)', async () => {
    const card = await createCard(alice, 'Mr Advice');
    const advice = await ts.db.query<{ id: number }>(
      `select ac.id from advice_conversations ac join users u on u.id = ac.requestor_id
        where u.email = 'alice@example.org' order by ac.id limit 1`,
    );
    const adviceId = advice.rows[0]!.id;
    const url = `${CARDS}/${card.id}/share/advice-conversation/${adviceId}`;
    expect((await api(ts, alice, 'POST', url, { access_type: 'READ' })).statusCode).toBe(200);
    const crossSite = await ts.app.inject({
      method: 'GET',
      url,
      headers: { cookie: alice.cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    const sameSite = await ts.app.inject({
      method: 'GET',
      url,
      headers: { cookie: alice.cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(sameSite.statusCode).toBe(200);
    // bob is a member of Cardiology Advice: he reads the card shared into the conversation.
    expect((await getCard(bob, card.id)).json<PatientCard>().editable).toBe(false);
  });

  it('a card created for a team is seen by its members; with_empty_task adds one open task; forums are refused', async () => {
    const ward7 = await teamId(ts, 'Ward 7 Team');
    const res = await api(
      ts,
      alice,
      'POST',
      `${CARDS}?assignee=teams&assignee_id=${ward7.id}&with_empty_task=true`,
      { title: 'Mrs Team', subtitle: '' },
    );
    expect(res.statusCode, res.body).toBe(201);
    const card = res.json<PatientCard>();
    expect(card.teams.map((t) => t.id)).toEqual([ward7.id]);
    expect(card.tasks).toMatchObject([{ title: '', completed: false, order: 0 }]);
    expect((await getCard(bob, card.id)).json<PatientCard>().editable).toBe(true);
    const forum = await teamId(ts, 'Junior Doctors Forum');
    await api(ts, bob, 'POST', `/api/v4/teams/${forum.id}/members/add`, { user_ids: [bob.id] });
    const intoForum = await api(
      ts,
      bob,
      'POST',
      `${CARDS}?assignee=teams&assignee_id=${forum.id}`,
      { title: 'x' },
    );
    expect(intoForum.statusCode).toBe(403);
    const notMine = await api(ts, dave, 'POST', `${CARDS}?assignee=users&assignee_id=${alice.id}`, {
      title: 'x',
    });
    // dave (another network) cannot assign alice: the person is as unknown.
    expect([notMine.statusCode, notMine.body.includes('assignee_id')]).toEqual([400, true]);
  });

  it('hostile input is a 400 naming the field, never a crash', async () => {
    const cases = await Promise.all([
      api(ts, alice, 'GET', `${CARDS}/99999999999`),
      api(ts, alice, 'GET', `${CARDS}?search=${encodeURIComponent("%_\\' or 1=1 --")}`),
      api(ts, alice, 'PUT', `${CARDS}/1`, {
        tasks: [{ title: 'x'.repeat(1001), completed: false, order: 0 }],
      }),
      api(ts, alice, 'PUT', `${CARDS}/1`, { tasks: 'all' }),
      api(ts, alice, 'PUT', `/api/v4/patients/1`, { patient: { dob: '2020-13-45' } }),
      api(ts, alice, 'GET', '/api/v4/tasks-multiple-reassign?limit=-1'),
      api(ts, alice, 'GET', '/api/v4/images?patient_id=abc'),
    ]);
    expect(cases.map((r) => r.statusCode)).toEqual([400, 200, 400, 400, 400, 400, 400]);
    expect(cases[0].body).toContain('id');
    expect(cases[2].body).toContain('tasks.0.title');
    expect(cases[4].body).toContain('patient.dob');
    expect(cases[1].json<{ results: unknown[] }>().results).toEqual([]);
  });

  it('deleting a card removes it for everyone', async () => {
    const card = await createCard(alice, 'Mr Gone', bob.id);
    expect((await api(ts, bob, 'DELETE', `${CARDS}/${card.id}`)).statusCode).toBe(204);
    expect((await getCard(alice, card.id)).statusCode).toBe(404);
    expect(
      (await api(ts, alice, 'GET', CARDS))
        .json<{ results: PatientCard[] }>()
        .results.map((c) => c.id),
    ).not.toContain(card.id);
  });
});

describe('the patient list from the response cache', () => {
  const LIST = `${CARDS}?embed=patient,users,teams&limit=100`;
  /** The caller's list as the API answers it equals one computed from the database now. */
  async function expectFresh(who: Caller) {
    const answered = (await api(ts, who, 'GET', LIST)).json<{ results: PatientCard[] }>();
    const { cards } = await listCards(ts.db, who.id, { limit: 100, embeds: ALL_EMBEDS });
    expect(answered.results).toEqual(JSON.parse(JSON.stringify(cards)));
    return answered.results;
  }

  it('every change shows on the next call of everyone concerned', async () => {
    for (const who of [sam, tess, bob]) await expectFresh(who);
    const card = await createCard(alice, 'Mr Cached', sam.id);
    expect((await expectFresh(sam)).map((c) => c.id)).toContain(card.id);
    await putCard(alice, card.id, {
      title: 'Mr Cached II',
      tasks: [{ title: 'Bloods', completed: false, order: 0 }],
    });
    expect((await expectFresh(sam)).find((c) => c.id === card.id)?.title).toBe('Mr Cached II');
    await api(ts, alice, 'PUT', `/api/v4/patients/${card.patient_id}`, {
      patient: { last_name: 'Cachedson' },
    });
    expect((await expectFresh(sam)).find((c) => c.id === card.id)?.patient?.last_name).toBe(
      'Cachedson',
    );
    const team = (
      await api(ts, alice, 'POST', '/api/v4/teams', { name: 'Cache team', user_ids: [tess.id] })
    ).json<{ id: number }>();
    await api(ts, alice, 'PUT', `${CARDS}/${card.id}/reassign`, {
      users: [alice.id],
      teams: [team.id],
    });
    expect((await expectFresh(sam)).map((c) => c.id)).not.toContain(card.id);
    expect((await expectFresh(tess)).map((c) => c.id)).toContain(card.id);
    await api(ts, alice, 'POST', `/api/v4/teams/${team.id}/members/remove`, {
      user_ids: [tess.id],
    });
    expect((await expectFresh(tess)).map((c) => c.id)).not.toContain(card.id);
    await api(ts, alice, 'POST', `${CARDS}/${card.id}/share/users/${bob.id}`, {
      access_type: 'READ',
    });
    expect((await expectFresh(bob)).find((c) => c.id === card.id)?.editable).toBe(false);
    await api(ts, alice, 'DELETE', `${CARDS}/${card.id}`);
    expect((await expectFresh(bob)).map((c) => c.id)).not.toContain(card.id);
  });
});

describe('tasks are saved through the card PUT', () => {
  it('empty titles dropped, completed_by_id set to the caller and cleared on un-completion, order and ids kept', async () => {
    const card = await createCard(alice, 'Mr Tasks', bob.id);
    const first = await putCard(alice, card.id, {
      tasks: [
        { title: 'Bloods', completed: false, order: 0 },
        { title: '   ', completed: false, order: 1 },
        { title: 'ECG', completed: false, order: 2, completed_by_id: alice.id },
      ],
    });
    expect(first.statusCode, first.body).toBe(200);
    const saved = first.json<PatientCard>().tasks;
    expect(saved.map((t) => [t.title, t.order, t.completed_by_id])).toEqual([
      ['Bloods', 0, null],
      ['ECG', 2, null],
    ]);
    const before = await analyticsCount('task_completed', bob.id);
    const ticked = await putCard(bob, card.id, {
      tasks: saved.map((t) => taskInput({ ...t, completed: t.title === 'ECG' })),
    });
    const ecg = ticked.json<PatientCard>().tasks.find((t) => t.title === 'ECG');
    expect(ecg).toMatchObject({ id: saved[1]!.id, completed: true, completed_by_id: bob.id });
    expect(ecg?.completed_at).toBeTruthy();
    expect(await analyticsCount('task_completed', bob.id)).toBe(before + 1);
    // Reordered, and un-ticked by alice: who and when are cleared.
    const reordered = await putCard(alice, card.id, {
      tasks: [
        taskInput({ ...saved[1]!, completed: false, order: 0 }),
        taskInput({ ...saved[0]!, order: 1 }),
      ],
    });
    expect(reordered.json<PatientCard>().tasks.map((t) => [t.id, t.order, t.completed])).toEqual([
      [saved[1]!.id, 0, false],
      [saved[0]!.id, 1, false],
    ]);
    expect(reordered.json<PatientCard>().tasks[0]).toMatchObject({
      completed_by_id: null,
      completed_at: null,
    });
    const list = await api(
      ts,
      bob,
      'GET',
      `/api/v4/tasks-multiple-reassign?patient_card_id=${card.id}&completed=false`,
    );
    expect(list.json<{ results: Task[] }>().results.map((t) => t.title)).toEqual(['ECG', 'Bloods']);
  });

  it('a task id of another card is never touched', async () => {
    const mine = await createCard(alice, 'Mr Mine');
    const other = await createCard(bob, 'Mr Other');
    const otherTask = (
      await putCard(bob, other.id, { tasks: [{ title: 'Keep me', completed: false, order: 0 }] })
    ).json<PatientCard>().tasks[0]!;
    await putCard(alice, mine.id, {
      tasks: [{ id: otherTask.id, title: 'Stolen', completed: true, order: 0 }],
    });
    expect((await getCard(bob, other.id)).json<PatientCard>().tasks).toMatchObject([
      { id: otherTask.id, title: 'Keep me', completed: false },
    ]);
  });

  it("two people editing one card: a stale save keeps the other's tasks and ticks", async () => {
    const card = await createCard(alice, 'Mr Concurrent', bob.id);
    const start = (
      await putCard(alice, card.id, {
        tasks: [
          { title: 'Bloods', completed: false, order: 0 },
          { title: 'ECG', completed: false, order: 1 },
        ],
      })
    ).json<PatientCard>();
    // Both opened the card at `start`. Bob adds a task and ticks ECG first.
    const bobSave = await putCard(bob, card.id, {
      modified_at: start.modified_at,
      tasks: [
        ...start.tasks.map((t) => taskInput({ ...t, completed: t.title === 'ECG' })),
        { title: 'Call family', completed: false, order: 2 },
      ],
    });
    expect(bobSave.statusCode).toBe(200);
    // Alice, from her stale copy, renames Bloods and adds her own task.
    const aliceSave = await putCard(alice, card.id, {
      modified_at: start.modified_at,
      tasks: [
        taskInput({ ...start.tasks[0]!, title: 'Bloods x2' }),
        taskInput(start.tasks[1]!),
        { title: 'Chase echo', completed: false, order: 3 },
      ],
    });
    const merged = aliceSave.json<PatientCard>().tasks;
    expect(merged.map((t) => t.title).sort()).toEqual(
      ['Bloods x2', 'Call family', 'Chase echo', 'ECG'].sort(),
    );
    expect(merged.find((t) => t.title === 'ECG')).toMatchObject({
      completed: true,
      completed_by_id: bob.id,
    });
    // Saves that arrive together are merged one after the other: nothing is lost.
    const now = (await getCard(alice, card.id)).json<PatientCard>();
    const [a, b] = await Promise.all([
      putCard(alice, card.id, {
        modified_at: now.modified_at,
        tasks: [...now.tasks.map(taskInput), { title: 'From alice', completed: false, order: 9 }],
      }),
      putCard(bob, card.id, {
        modified_at: now.modified_at,
        tasks: [...now.tasks.map(taskInput), { title: 'From bob', completed: false, order: 9 }],
      }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const final = (await getCard(alice, card.id)).json<PatientCard>().tasks.map((t) => t.title);
    expect(final).toEqual(expect.arrayContaining(['From alice', 'From bob', 'Call family']));
    // With the base, a task the editor saw and left out is removed.
    const latest = (await getCard(alice, card.id)).json<PatientCard>();
    const removed = await putCard(alice, card.id, {
      modified_at: latest.modified_at,
      tasks: latest.tasks.filter((t) => t.title !== 'From bob').map(taskInput),
    });
    expect(removed.json<PatientCard>().tasks.map((t) => t.title)).not.toContain('From bob');
  });
});

describe('export to email', () => {
  it("mails a readable summary to the caller, times in the caller's zone", async () => {
    const card = await createCard(alice, 'Mr Mail');
    await putCard(alice, card.id, { tasks: [{ title: 'Bloods', completed: true, order: 0 }] });
    const res = await api(
      ts,
      alice,
      'POST',
      `/api/v4/cards/${card.id}/export-to-email?timezone=Pacific/Auckland`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Email sent to alice@example.org' });
    const mail = ts.app.devMailbox?.list('alice@example.org')[0];
    expect(mail?.subject).toContain('Mr Mail');
    expect(mail?.text).toContain('- [x] Bloods');
    expect(mail?.text).toContain('(times in Pacific/Auckland)');
    const saved = (await getCard(alice, card.id)).json<PatientCard>();
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Pacific/Auckland',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(saved.created_at));
    expect(mail?.text).toContain(local);
    const bad = await api(
      ts,
      alice,
      'POST',
      `/api/v4/cards/${card.id}/export-to-email?timezone=Nowhere`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('timezone');
  });
});

describe('patients, hospitals and wards', () => {
  it('alice moves a patient to a ward of the hospital; wards elsewhere are refused, naming the field', async () => {
    const card = await createCard(alice, 'Mr Ward');
    const wards = (
      await api(ts, alice, 'GET', '/api/v4/wards?search=St%20Elsewhere%20General&embed=hospital')
    ).json<{ results: { id: number; name: string; hospital: { name: string } }[] }>().results;
    expect(wards.map((w) => w.name)).toEqual(expect.arrayContaining(['Ward 7', 'Cardiology Ward']));
    expect(wards.every((w) => w.hospital.name === 'St Elsewhere General')).toBe(true);
    const cardiology = wards.find((w) => w.name === 'Cardiology Ward')!;
    const res = await api(ts, alice, 'PUT', `/api/v4/patients/${card.patient_id}`, {
      patient: {
        first_name: 'Ada',
        last_name: 'Ward',
        dob: '1941-02-03',
        gender: 'FEMALE',
        bed: '5',
        ward_id: cardiology.id,
        patient_identificator: ' 943 476  5919 ',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      first_name: 'Ada',
      gender: 'FEMALE',
      bed: '5',
      ward_id: cardiology.id,
      ward: { name: 'Cardiology Ward' },
      patient_identificator: '943 476 5919',
      dob: '1941-02-03',
    });
    const riverside = (await api(ts, carol, 'GET', '/api/v4/wards?search=Riverside')).json<{
      results: { id: number }[];
    }>().results[0]!;
    const elsewhere = await api(ts, alice, 'PUT', `/api/v4/patients/${card.patient_id}`, {
      patient: { ward_id: riverside.id },
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.body).toContain('patient.ward_id');
    const none = await api(ts, alice, 'PUT', `/api/v4/patients/${card.patient_id}`, {
      patient: { ward_id: 0 },
    });
    expect(none.json()).toMatchObject({ ward_id: null, ward: null });
    const badGender = await api(ts, alice, 'PUT', `/api/v4/patients/${card.patient_id}`, {
      patient: { gender: 'X' },
    });
    expect(badGender.statusCode).toBe(400);
    expect(badGender.body).toContain('patient.gender');
    // The card shows the patient as saved.
    expect((await getCard(alice, card.id)).json<PatientCard>().patient?.last_name).toBe('Ward');
    // Another network searching for the hospital's wards finds none.
    expect(
      (await api(ts, dave, 'GET', '/api/v4/wards?search=St%20Elsewhere')).json<{
        results: unknown[];
      }>().results,
    ).toEqual([]);
  });

  it('a patient identifier is unique per organisation (409), spaces and case aside', async () => {
    const one = await createCard(alice, 'Mr One');
    const two = await createCard(alice, 'Mr Two');
    const first = await api(ts, alice, 'PUT', `/api/v4/patients/${one.patient_id}`, {
      patient: { patient_identificator: 'ABC 123' },
    });
    expect(first.statusCode).toBe(200);
    const dup = await api(ts, alice, 'PUT', `/api/v4/patients/${two.patient_id}`, {
      patient: { patient_identificator: 'abc123' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ internalCode: 'PATIENT_IDENTIFIER_TAKEN' });
    // Another organisation may use the same identifier (carol gets patient cards for this).
    await ts.db.query(
      `update users set premium_features = premium_features || '{"patient_cards": true}' where id = $1`,
      [carol.id],
    );
    ts.app.events.emit('user:changed', { userId: carol.id });
    const carols = await createCard(carol, 'Mr Riverside');
    const elsewhere = await api(ts, carol, 'PUT', `/api/v4/patients/${carols.patient_id}`, {
      patient: { patient_identificator: 'ABC 123' },
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('hospitals of the network are readable; another network is a 404', async () => {
    const ids = await ts.db.query<{ name: string; id: number }>('select id, name from hospitals');
    const byName = new Map(ids.rows.map((h) => [h.name, h.id]));
    const own = await api(
      ts,
      alice,
      'GET',
      `/api/v4/hospitals/${byName.get('St Elsewhere General')}`,
    );
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ name: 'St Elsewhere General' });
    expect(
      (await api(ts, alice, 'GET', `/api/v4/hospitals/${byName.get('Riverside Hospital')}`))
        .statusCode,
    ).toBe(200);
    expect(
      (await api(ts, alice, 'GET', `/api/v4/hospitals/${byName.get('Northgate Clinic')}`))
        .statusCode,
    ).toBe(404);
  });
});

describe('patient images', () => {
  let card: PatientCard;
  let jpegWithGps: Buffer;

  const upload = (who: Caller, bytes: Buffer, fields: Record<string, string>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'x.jpg');
    return fetch(`${ts.url}/api/v4/images`, {
      method: 'POST',
      headers: { cookie: who.cookie },
      body: form,
    });
  };
  const get = (who: Caller, url: string) =>
    fetch(`${ts.url}${url}`, { headers: { cookie: who.cookie } });

  beforeAll(async () => {
    card = await createCard(alice, 'Mr Photo', bob.id);
    jpegWithGps = await sharp({
      create: { width: 640, height: 480, channels: 3, background: '#c33' },
    })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-location' } })
      .toBuffer();
  });

  it('an image is re-encoded without its metadata, listed with a small thumbnail made once, and downloaded as an attachment', async () => {
    expect((await sharp(jpegWithGps).metadata()).exif).toBeDefined();
    const before = await analyticsCount('image_uploaded', alice.id);
    const res = await upload(alice, jpegWithGps, {
      title: 'Wound day 2',
      filename: 'wound.jpg',
      patient_id: String(card.patient_id),
    });
    expect(res.status).toBe(201);
    const meta = (await res.json()) as { id: number; title: string; patient_id: number };
    expect(meta).toMatchObject({ title: 'Wound day 2', patient_id: card.patient_id });
    expect(await analyticsCount('image_uploaded', alice.id)).toBe(before + 1);

    const original = await get(bob, `/api/v4/images/${meta.id}?thumbnail=false`);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(original.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await original.arrayBuffer());
    const m = await sharp(bytes).metadata();
    expect([m.width, m.height]).toEqual([640, 480]);
    expect(m.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('secret-location'))).toBe(false);

    const thumbs = fs
      .readdirSync(path.join(dataDir, 'uploads'), { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.thumb'));
    const thumbFile = thumbs.map((f) => path.join(dataDir, 'uploads', f));
    const mtimes = thumbFile.map((f) => fs.statSync(f).mtimeMs);
    const list = await get(bob, `/api/v4/images?patient_id=${card.patient_id}&thumbnail=true`);
    const body = (await list.json()) as {
      results: { meta: { id: number; is_thumbnail: boolean }; data: string }[];
      total_count: number;
    };
    expect(body.total_count).toBe(1);
    expect(body.results[0]?.meta).toMatchObject({ id: meta.id, is_thumbnail: true });
    const thumb = await sharp(Buffer.from(body.results[0]!.data, 'base64')).metadata();
    expect(Math.max(thumb.width, thumb.height)).toBeLessThanOrEqual(150);
    await get(bob, `/api/v4/images/${meta.id}?thumbnail=true`);
    // Served from the kept thumbnail: nothing was generated again.
    expect(thumbFile.map((f) => fs.statSync(f).mtimeMs)).toEqual(mtimes);
  });

  it('only people who see the card read its images; strangers get 404; readers cannot add', async () => {
    const res = await upload(alice, jpegWithGps, { patient_id: String(card.patient_id) });
    const { id } = (await res.json()) as { id: number };
    for (const stranger of [sam, dave]) {
      expect((await get(stranger, `/api/v4/images/${id}`)).status).toBe(404);
      expect((await get(stranger, `/api/v4/images?patient_id=${card.patient_id}`)).status).toBe(
        404,
      );
      const added = await upload(stranger, jpegWithGps, { patient_id: String(card.patient_id) });
      expect(added.status).toBe(404);
    }
    await api(ts, alice, 'POST', `${CARDS}/${card.id}/share/users/${tess.id}`, {
      access_type: 'READ',
    });
    expect((await get(tess, `/api/v4/images/${id}`)).status).toBe(200);
    expect((await upload(tess, jpegWithGps, { patient_id: String(card.patient_id) })).status).toBe(
      403,
    );
  });

  it('anything but an image is refused by its bytes (415); a missing patient_id is a 400 naming it', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    expect((await upload(alice, html, { patient_id: String(card.patient_id) })).status).toBe(415);
    const missing = await upload(alice, jpegWithGps, { title: 'x' });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain('patient_id');
  });
});
