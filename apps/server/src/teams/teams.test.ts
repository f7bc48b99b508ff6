import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ChatRoomSchema,
  TeamMemberSchema,
  TeamSchema,
  TeamsWithAdviceConversationsSchema,
} from '@pando/domain';
import { DEMO_ACCOUNTS } from '../seed/index.js';
import { startTestServer, type TestServer } from '../testing/testServer.js';
import { connectAs, type Element, type TestChatClient } from '../xmpp/testing/clients.js';
import { joinForumOnPost } from './routes.js';
import { api, type Caller, demoCallers, roomMembers, teamId } from './testing.js';

let ts: TestServer;
let alice: Caller;
let bob: Caller;
let carol: Caller;
let dave: Caller;

beforeAll(async () => {
  ts = await startTestServer();
  ({ alice, bob, carol, dave } = await demoCallers(ts));
});
afterAll(async () => {
  await ts.close();
});

interface WireTeam {
  id: number;
  name: string;
  mim_id: string;
  user_ids: number[];
  discoverable: boolean;
  auto_accept: boolean;
  member_of: boolean;
  public_data: { enabled: boolean };
}

describe('GET /teams-with-advices-conversations', () => {
  it('returns the teams, forums and advice conversations of the current user, with member_of', async () => {
    const res = await api(ts, alice, 'GET', '/api/v4/teams-with-advices-conversations');
    expect(res.statusCode).toBe(200);
    // The client parses this with the domain wire schema: it must pass.
    expect(TeamsWithAdviceConversationsSchema.safeParse(res.json()).error).toBeUndefined();
    const body = res.json<{
      teams: WireTeam[];
      forums: WireTeam[];
      advice_conversations: {
        requestor_id: number;
        requestor_resolved: boolean;
        public_team_resolved: boolean;
      }[];
    }>();
    expect(body.teams.map((t) => t.name)).toContain('Ward 7 Team');
    expect(body.teams.map((t) => t.name)).not.toContain('Junior Doctors Forum');
    expect(body.forums.map((t) => t.name)).toEqual(['Junior Doctors Forum']);
    expect(
      [...body.teams, ...body.forums].every((t) => t.member_of && t.user_ids.includes(alice.id)),
    ).toBe(true);
    // Night Shift is bob's team, not alice's.
    expect(body.teams.map((t) => t.name)).not.toContain('Night Shift');
    expect(body.advice_conversations.length).toBeGreaterThan(0);
    expect(
      body.advice_conversations.every((a) => !(a.requestor_resolved && a.public_team_resolved)),
    ).toBe(true);
  });

  it('answers 401 without a session', async () => {
    expect(
      (await api(ts, undefined, 'GET', '/api/v4/teams-with-advices-conversations')).statusCode,
    ).toBe(401);
  });
});

describe('teams CRUD (spec 01 §5 create team, §6 any member can rename)', () => {
  it('POST /teams creates the team with the creator as a member and provisions its chat room', async () => {
    const res = await api(ts, alice, 'POST', '/api/v4/teams', {
      name: '  Discharge planning ',
      discoverable: false,
      user_ids: [bob.id],
      public_data: {},
    });
    expect(res.statusCode).toBe(201);
    expect(TeamSchema.safeParse(res.json()).error).toBeUndefined();
    const team = res.json<WireTeam>();
    expect(team.name).toBe('Discharge planning');
    expect(team.user_ids.sort()).toEqual([alice.id, bob.id].sort());
    expect(team.member_of).toBe(true);
    expect(team.discoverable).toBe(false);
    expect(await roomMembers(ts, team.mim_id)).toEqual([alice.uuid, bob.uuid].sort());
  });

  it("create team: name required ('Team name is required') names the field", async () => {
    const res = await api(ts, alice, 'POST', '/api/v4/teams', { name: '   ', user_ids: [] });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('Team name is required');
    expect(res.json<{ details: { path: string }[] }>().details.map((d) => d.path)).toContain(
      'name',
    );
  });

  it('refuses members from another network as unknown user_ids', async () => {
    const res = await api(ts, alice, 'POST', '/api/v4/teams', { name: 'x', user_ids: [dave.id] });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ details: { path: string }[] }>().details[0]?.path).toBe('user_ids');
  });

  it('a private team is a 404 for a non-member, identical to a missing id', async () => {
    const ward7 = await teamId(ts, 'Night Shift');
    const hidden = await api(ts, alice, 'GET', `/api/v4/teams/${ward7.id}`);
    const missing = await api(ts, alice, 'GET', '/api/v4/teams/999999');
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual(missing.json());
  });

  it('any member can rename (PUT name) and the wire answer carries it', async () => {
    const created = (
      await api(ts, alice, 'POST', '/api/v4/teams', { name: 'Rename me', user_ids: [bob.id] })
    ).json<WireTeam>();
    const res = await api(ts, bob, 'PUT', `/api/v4/teams/${created.id}`, {
      name: 'Renamed by Bob',
      discoverable: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<WireTeam>()).toMatchObject({ name: 'Renamed by Bob', discoverable: true });
    const read = await api(ts, carol, 'GET', `/api/v4/teams/${created.id}`);
    expect(read.statusCode).toBe(200); // now discoverable, same network
    expect(read.json<WireTeam>().member_of).toBe(false);
    const refused = await api(ts, carol, 'PUT', `/api/v4/teams/${created.id}`, { name: 'Hijack' });
    expect(refused.statusCode).toBe(403);
  });

  it('PUT user_ids replaces the members and needs at least one', async () => {
    const created = (
      await api(ts, alice, 'POST', '/api/v4/teams', { name: 'Replace', user_ids: [bob.id] })
    ).json<WireTeam>();
    const empty = await api(ts, alice, 'PUT', `/api/v4/teams/${created.id}`, { user_ids: [] });
    expect(empty.statusCode).toBe(400);
    const res = await api(ts, alice, 'PUT', `/api/v4/teams/${created.id}`, {
      user_ids: [alice.id, carol.id],
    });
    expect(res.json<WireTeam>().user_ids.sort()).toEqual([alice.id, carol.id].sort());
    expect(await roomMembers(ts, created.mim_id)).toEqual([alice.uuid, carol.uuid].sort());
  });
});

describe('members, leave and join (spec 01 §4 team panel, §6)', () => {
  it('GET /teams/{id}/members?limit=1000&offset=0&embed=hospital lists members with their hospital', async () => {
    const w7 = await teamId(ts, 'Ward 7 Team');
    const res = await api(
      ts,
      alice,
      'GET',
      `/api/v4/teams/${w7.id}/members?limit=1000&offset=0&embed=hospital`,
    );
    expect(res.statusCode).toBe(200);
    const { results } = res.json<{ results: { id: number; hospital?: { name: string } }[] }>();
    for (const m of results) expect(TeamMemberSchema.safeParse(m).error).toBeUndefined();
    expect(results.map((u) => u.id)).toEqual(expect.arrayContaining([alice.id, bob.id]));
    expect(results.find((u) => u.id === alice.id)?.hospital?.name).toBe('St Elsewhere General');
    const paged = await api(ts, alice, 'GET', `/api/v4/teams/${w7.id}/members?limit=1&offset=1`);
    expect(paged.json<{ results: unknown[] }>().results).toHaveLength(1);
    expect(
      (await api(ts, alice, 'GET', `/api/v4/teams/${w7.id}/members?limit=5000`)).statusCode,
    ).toBe(400);
  });

  it('members/add and members/remove change the room affiliations at once (seen by a real XMPP client)', async () => {
    const created = (
      await api(ts, alice, 'POST', '/api/v4/teams', { name: 'Affiliation sync', user_ids: [] })
    ).json<WireTeam>();
    let bobChat: TestChatClient | undefined;
    try {
      bobChat = await connectAs(ts, DEMO_ACCOUNTS.bob);
      const roomJid = `${created.mim_id}@muclight.${ts.app.config.xmppDomain}`;
      const affiliation = (aff: string) => (s: Element) =>
        s.is('message') &&
        s.attrs.from === roomJid &&
        (s.getChild('x', 'urn:xmpp:muclight:0#affiliations')?.getChildren('user') ?? []).some(
          (u) => u.text() === bobChat!.bare && u.attrs.affiliation === aff,
        );
      const added = await api(ts, alice, 'POST', `/api/v4/teams/${created.id}/members/add`, {
        user_ids: [bob.id],
      });
      expect(added.statusCode).toBe(200);
      await bobChat.waitFor(affiliation('member'));
      const removed = await api(ts, alice, 'POST', `/api/v4/teams/${created.id}/members/remove`, {
        user_ids: [bob.id],
      });
      expect(removed.json<WireTeam>().user_ids).toEqual([alice.id]);
      await bobChat.waitFor(affiliation('none'));
      expect(await roomMembers(ts, created.mim_id)).toEqual([alice.uuid]);
    } finally {
      await bobChat?.stop();
    }
  });

  it('a member can leave; afterwards the team is hidden and leave again is a 404', async () => {
    const created = (
      await api(ts, alice, 'POST', '/api/v4/teams', { name: 'Leaving', user_ids: [bob.id] })
    ).json<WireTeam>();
    const res = await api(ts, bob, 'POST', `/api/v4/teams/${created.id}/leave`);
    expect(res.statusCode).toBe(200);
    expect(await roomMembers(ts, created.mim_id)).toEqual([alice.uuid]);
    expect((await api(ts, bob, 'POST', `/api/v4/teams/${created.id}/leave`)).statusCode).toBe(404);
  });

  it('a non-member of a discoverable team of the same network can join; another network cannot', async () => {
    const forum = await teamId(ts, 'Junior Doctors Forum');
    expect(
      (
        await api(ts, dave, 'POST', `/api/v4/teams/${forum.id}/members/add`, {
          user_ids: [dave.id],
        })
      ).statusCode,
    ).toBe(404);
    // Joining means adding yourself, nobody else.
    expect(
      (
        await api(ts, carol, 'POST', `/api/v4/teams/${forum.id}/members/add`, {
          user_ids: [bob.id],
        })
      ).statusCode,
    ).toBe(403);
    const res = await api(ts, carol, 'POST', `/api/v4/teams/${forum.id}/members/add`, {
      user_ids: [carol.id],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<WireTeam>().member_of).toBe(true);
    expect(await roomMembers(ts, forum.mim_id)).toContain(carol.uuid);
  });

  it('a private team cannot be joined by adding yourself', async () => {
    const nightShift = await teamId(ts, 'Night Shift');
    expect(
      (
        await api(ts, alice, 'POST', `/api/v4/teams/${nightShift.id}/members/add`, {
          user_ids: [alice.id],
        })
      ).statusCode,
    ).toBe(404);
  });

  it('sending into a forum adds the sender as a member if absent (same network only)', async () => {
    const forum = await teamId(ts, 'Junior Doctors Forum');
    expect(await joinForumOnPost(ts.app, forum.mim_id, bob.uuid)).toBe(true);
    expect(await roomMembers(ts, forum.mim_id)).toContain(bob.uuid);
    const read = await api(ts, bob, 'GET', `/api/v4/teams/${forum.id}`);
    expect(read.json<WireTeam>().member_of).toBe(true);
    expect(await joinForumOnPost(ts.app, forum.mim_id, dave.uuid)).toBe(false);
    expect(await roomMembers(ts, forum.mim_id)).not.toContain(dave.uuid);
    const ward7 = await teamId(ts, 'Night Shift');
    expect(await joinForumOnPost(ts.app, ward7.mim_id, alice.uuid)).toBe(false);
  });
});

describe('GET /chat-room/{mimId}', () => {
  it('answers TEAM with the team for a member, embed users adds the people', async () => {
    const w7 = await teamId(ts, 'Ward 7 Team');
    const res = await api(
      ts,
      alice,
      'GET',
      `/api/v4/chat-room/${w7.mim_id}?embed=team,requestor,resolver,users,team.public_data`,
    );
    expect(res.statusCode).toBe(200);
    expect(ChatRoomSchema.safeParse(res.json()).error).toBeUndefined();
    const body = res.json<{ type: string; entity: WireTeam & { users: { id: number }[] } }>();
    expect(body.type).toBe('TEAM');
    expect(body.entity.id).toBe(w7.id);
    expect(body.entity.users.map((u) => u.id)).toContain(bob.id);
  });

  it('answers ADVICE_CONVERSATION for a participant, 404 for anyone else', async () => {
    const r = await ts.db.query<{ mim_id: string; id: number }>(
      'select ac.id, ac.mim_id from advice_conversations ac where requestor_id = $1 and not requestor_resolved',
      [alice.id],
    );
    const conv = r.rows[0]!;
    const res = await api(
      ts,
      alice,
      'GET',
      `/api/v4/chat-room/${conv.mim_id}?embed=team,requestor,resolver,users,team.public_data`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      type: string;
      entity: {
        id: number;
        requestor: { id: number };
        team: { public_data: { enabled: boolean } };
      };
    }>();
    expect(body).toMatchObject({
      type: 'ADVICE_CONVERSATION',
      entity: {
        id: conv.id,
        requestor: { id: alice.id },
        team: { public_data: { enabled: true } },
      },
    });
    expect((await api(ts, carol, 'GET', `/api/v4/chat-room/${conv.mim_id}`)).statusCode).toBe(404);
    expect((await api(ts, alice, 'GET', '/api/v4/chat-room/no-such-room')).statusCode).toBe(404);
  });

  it('an inactive advice team answers 409 with internalCode ADVICE_TEAM_NOT_ACTIVE', async () => {
    const created = (
      await api(ts, alice, 'POST', '/api/v4/teams', {
        name: 'Soon inactive advice',
        user_ids: [bob.id],
      })
    ).json<WireTeam>();
    await ts.db.query(`update teams set public_data = '{"enabled": true}' where id = $1`, [
      created.id,
    ]);
    const conv = await api(ts, carol, 'POST', `/api/v4/teams/${created.id}/advice-conversations`, {
      message: 'Question',
    });
    expect(conv.statusCode).toBe(201);
    await ts.db.query(`update teams set public_data = '{"enabled": false}' where id = $1`, [
      created.id,
    ]);
    const res = await api(
      ts,
      carol,
      'GET',
      `/api/v4/chat-room/${conv.json<{ mim_id: string }>().mim_id}`,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ statusCode: 409, internalCode: 'ADVICE_TEAM_NOT_ACTIVE' });
  });

  it('refuses a malformed room id with a 400 naming mimId', async () => {
    const res = await api(ts, alice, 'GET', `/api/v4/chat-room/${encodeURIComponent('<script>')}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ details: { path: string }[] }>().details[0]?.path).toBe('mimId');
  });
});
