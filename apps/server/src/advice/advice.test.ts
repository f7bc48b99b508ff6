import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdviceConversationSchema, AdviceHistoryResponseSchema } from '@pando/domain';
import { startTestServer, type TestServer } from '../testing/testServer.js';
import { api, type Caller, demoCallers, roomMembers, teamId } from '../teams/testing.js';

let ts: TestServer;
let alice: Caller;
let bob: Caller;
let carol: Caller;
let dave: Caller;
let cardiology: { id: number; mim_id: string };

interface Wire {
  id: number;
  mim_id: string;
  requestor_id: number;
  requestor_resolved: boolean;
  public_team_resolved: boolean;
  resolver: { id: number } | null;
}

beforeAll(async () => {
  ts = await startTestServer();
  ({ alice, bob, carol, dave } = await demoCallers(ts));
  cardiology = await teamId(ts, 'Cardiology Advice');
});
afterAll(async () => {
  await ts.close();
});

async function open(
  who: Caller,
  message = 'Patient in bay 3 with palpitations, ECG attached?',
): Promise<Wire> {
  const res = await api(ts, who, 'POST', `/api/v4/teams/${cardiology.id}/advice-conversations`, {
    message,
  });
  expect(res.statusCode).toBe(201);
  const { id } = res.json<{ id: number }>();
  const read = await api(
    ts,
    who,
    'GET',
    `/api/v4/teams/${cardiology.id}/advice-conversations/${id}?embed=requestor,resolver,team,team.public_data`,
  );
  // The client parses this with the domain wire schema: it must pass.
  expect(AdviceConversationSchema.safeParse(read.json()).error).toBeUndefined();
  return read.json<Wire>();
}

const act = (who: Caller, c: Wire, action: 'resolve' | 'accept' | 'unresolve') =>
  api(ts, who, 'PUT', `/api/v4/teams/${cardiology.id}/advice-conversations/${c.id}/${action}`);

async function systemLines(mimId: string): Promise<string[]> {
  await ts.app.chat.settled();
  const r = await ts.db.query<{ stanza: string }>(
    `select stanza from chat_messages where conv = $1 and sender = 'system' order by id`,
    [`r:${mimId.toLowerCase()}`],
  );
  return r.rows.map((x) => /"action":"(\w+)"/.exec(x.stanza)?.[1] ?? '?');
}

describe('POST /teams/{teamId}/advice-conversations', () => {
  it('creates a room with the requester and the team members, posts the first message, returns id and mim_id', async () => {
    const res = await api(
      ts,
      alice,
      'POST',
      `/api/v4/teams/${cardiology.id}/advice-conversations`,
      { message: 'First question' },
    );
    expect(res.statusCode).toBe(201);
    const body = res.json<{ id: number; mim_id: string }>();
    expect(Object.keys(body).sort()).toEqual(['id', 'mim_id']);
    expect(typeof body.id).toBe('number');
    const members = await ts.db.query<{ uuid: string }>(
      'select u.uuid::text as uuid from team_members m join users u on u.id = m.user_id where m.team_id = $1',
      [cardiology.id],
    );
    expect(await roomMembers(ts, body.mim_id)).toEqual(
      [alice.uuid, ...members.rows.map((m) => m.uuid)].sort(),
    );
    await ts.app.chat.settled();
    const first = await ts.db.query<{ sender: string; stanza: string }>(
      'select sender, stanza from chat_messages where conv = $1',
      [`r:${body.mim_id}`],
    );
    expect(first.rows).toHaveLength(1);
    expect(first.rows[0]?.sender).toBe(alice.uuid);
    expect(first.rows[0]?.stanza).toContain('First question');
    expect(first.rows[0]?.stanza).toContain('sender="Alice Anderson"');
  });

  it('needs a first message (400 naming message) and an active advice team (409)', async () => {
    const empty = await api(
      ts,
      alice,
      'POST',
      `/api/v4/teams/${cardiology.id}/advice-conversations`,
      { message: '  ' },
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ details: { path: string }[] }>().details[0]?.path).toBe('message');
    const ward7 = await teamId(ts, 'Ward 7 Team');
    const notAdvice = await api(
      ts,
      alice,
      'POST',
      `/api/v4/teams/${ward7.id}/advice-conversations`,
      { message: 'x' },
    );
    expect(notAdvice.statusCode).toBe(409);
    expect(notAdvice.json()).toMatchObject({ internalCode: 'ADVICE_TEAM_NOT_ACTIVE' });
  });

  it('advice channels are never reachable from another network', async () => {
    const res = await api(ts, dave, 'POST', `/api/v4/teams/${cardiology.id}/advice-conversations`, {
      message: 'x',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('state rules of spec 01 §4, enforced by the server', () => {
  it('RESOLVABLE: the requester resolves (→ ACCEPTABLE); RESOLVE is posted into the room', async () => {
    const c = await open(alice);
    const res = await act(alice, c, 'resolve');
    expect(res.statusCode).toBe(200);
    expect(res.json<Wire>()).toMatchObject({
      requestor_resolved: true,
      public_team_resolved: false,
    });
    expect(await systemLines(c.mim_id)).toEqual(['RESOLVE']);
    // Clients show only lines with display names; the sender is who resolved it.
    await ts.app.chat.settled();
    const line = await ts.db.query<{ stanza: string }>(
      `select stanza from chat_messages where conv = $1 and sender = 'system'`,
      [`r:${c.mim_id.toLowerCase()}`],
    );
    expect(line.rows[0]?.stanza).toMatch(/<displayNames[^>]*sender="Alice Anderson"/);
    // Resolving twice is the wrong state, not the wrong side.
    const again = await act(alice, c, 'resolve');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ internalCode: 'ADVICE_INVALID_STATE' });
  });

  it('RESOLVABLE: the team side cannot accept or reject what the requester has not resolved', async () => {
    const c = await open(alice);
    expect((await act(bob, c, 'accept')).statusCode).toBe(409);
    expect((await act(bob, c, 'unresolve')).statusCode).toBe(409);
    expect((await act(alice, c, 'unresolve')).statusCode).toBe(403);
    expect(await systemLines(c.mim_id)).toEqual([]);
  });

  it('ACCEPTABLE: the team side may Reject (unresolve re-opens, REJECT line); the requester may not', async () => {
    const c = await open(alice);
    await act(alice, c, 'resolve');
    expect((await act(alice, c, 'unresolve')).statusCode).toBe(403);
    expect((await act(alice, c, 'accept')).statusCode).toBe(403);
    const res = await act(bob, c, 'unresolve');
    expect(res.statusCode).toBe(200);
    expect(res.json<Wire>()).toMatchObject({
      requestor_resolved: false,
      public_team_resolved: false,
    });
    expect(await systemLines(c.mim_id)).toEqual(['RESOLVE', 'REJECT']);
  });

  it('ACCEPTABLE: the team side may Accept (both resolved, ACCEPT line, resolver recorded)', async () => {
    const c = await open(alice);
    await act(alice, c, 'resolve');
    const res = await act(bob, c, 'accept');
    expect(res.statusCode).toBe(200);
    expect(res.json<Wire>()).toMatchObject({
      requestor_resolved: true,
      public_team_resolved: true,
      resolver: { id: bob.id },
    });
    expect(await systemLines(c.mim_id)).toEqual(['RESOLVE', 'ACCEPT']);
    // ARCHIVED: no further state change.
    expect((await act(bob, c, 'unresolve')).statusCode).toBe(409);
    const events = await ts.db.query<{ n: number }>(
      `select count(*)::int as n from analytics_events where type = 'advice_resolved' and advice_id = $1`,
      [c.id],
    );
    expect(events.rows[0]?.n).toBe(1);
  });

  it('a team-side resolve makes it ARCHIVABLE ("team resolved, requester not"); the requester archives', async () => {
    const c = await open(alice);
    const resolved = await act(bob, c, 'resolve');
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json<Wire>()).toMatchObject({
      requestor_resolved: false,
      public_team_resolved: true,
      resolver: { id: bob.id },
    });
    // Neither side can resolve again, nor reject what the requester never resolved.
    expect((await act(alice, c, 'resolve')).statusCode).toBe(409);
    expect((await act(bob, c, 'unresolve')).statusCode).toBe(409);
    const res = await act(alice, c, 'accept');
    expect(res.statusCode).toBe(200);
    expect(res.json<Wire>()).toMatchObject({
      requestor_resolved: true,
      public_team_resolved: true,
    });
    expect(await systemLines(c.mim_id)).toEqual(['RESOLVE', 'ACCEPT']);
    // ARCHIVED: nothing more to accept.
    expect((await act(bob, c, 'accept')).statusCode).toBe(409);
  });

  it('ARCHIVABLE offers Archive to whoever sees it: the team side may archive too', async () => {
    const c = await open(alice);
    await act(bob, c, 'resolve');
    const res = await act(bob, c, 'accept');
    expect(res.statusCode).toBe(200);
    expect(res.json<Wire>()).toMatchObject({
      requestor_resolved: true,
      public_team_resolved: true,
    });
  });

  it('someone outside the conversation gets the same 404 as a missing one', async () => {
    const c = await open(alice);
    const outsider = await act(carol, c, 'resolve');
    const missing = await api(
      ts,
      carol,
      'PUT',
      `/api/v4/teams/${cardiology.id}/advice-conversations/999999/resolve`,
    );
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json()).toEqual(missing.json());
    // A conversation addressed under another team id does not exist either.
    const ward7 = await teamId(ts, 'Ward 7 Team');
    expect(
      (await api(ts, alice, 'GET', `/api/v4/teams/${ward7.id}/advice-conversations/${c.id}`))
        .statusCode,
    ).toBe(404);
  });
});

describe('export to email and history', () => {
  it('export-to-email mails a readable transcript to the current user', async () => {
    const c = await open(alice, 'Is amiodarone safe here?');
    await act(alice, c, 'resolve');
    const res = await api(
      ts,
      bob,
      'POST',
      `/api/v4/teams/${cardiology.id}/advice-conversations/${c.id}/export-to-email`,
    );
    expect(res.statusCode).toBe(200);
    const mail = await ts.app.inject({
      method: 'GET',
      url: `/api/dev/mailbox?to=${encodeURIComponent(bob.email)}`,
    });
    const text =
      mail.json<{ results: { subject: string; text: string }[] }>().results[0]?.text ?? '';
    expect(text).toContain('Advice conversation with Cardiology Advice');
    expect(text).toMatch(/\] Alice Anderson: Is amiodarone safe here\?/);
    expect(text).toMatch(/System: marked as resolved/i);
  });

  it('GET /teams/advice-conversations?accepted=true pages the history with total_count', async () => {
    const url = (offset: number) =>
      `/api/v4/teams/advice-conversations?embed=team.public_data,resolver,requestor&limit=2&accepted=true&conversation_context=ALL&offset=${offset}&sort=-modified_at`;
    expect(
      AdviceHistoryResponseSchema.safeParse((await api(ts, alice, 'GET', url(0))).json()).error,
    ).toBeUndefined();
    const first = (await api(ts, alice, 'GET', url(0))).json<{
      results: (Wire & { modified_at: string })[];
      total_count: number;
    }>();
    expect(first.total_count).toBeGreaterThanOrEqual(3);
    expect(first.results).toHaveLength(2);
    expect(first.results.every((r) => r.requestor_resolved && r.public_team_resolved)).toBe(true);
    expect(Date.parse(first.results[0]!.modified_at)).toBeGreaterThanOrEqual(
      Date.parse(first.results[1]!.modified_at),
    );
    const all: number[] = [];
    for (let offset = 0; offset < first.total_count; offset += 2) {
      all.push(
        ...(await api(ts, alice, 'GET', url(offset)))
          .json<{ results: Wire[] }>()
          .results.map((r) => r.id),
      );
    }
    expect(new Set(all).size).toBe(first.total_count);
    const past = (await api(ts, alice, 'GET', url(1000))).json<{
      results: Wire[];
      total_count: number;
    }>();
    expect(past).toEqual({ results: [], total_count: first.total_count });
    expect((await api(ts, dave, 'GET', url(0))).json<{ total_count: number }>().total_count).toBe(
      0,
    );
    expect(
      (await api(ts, alice, 'GET', '/api/v4/teams/advice-conversations?limit=500')).statusCode,
    ).toBe(400);
  });
});
