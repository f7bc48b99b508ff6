import { describe, expect, it } from 'vitest';
import {
  addMembersRefusal,
  canReadTeam,
  createTeamRefusal,
  sameNetwork,
  canJoinTeam,
  canSharePatientInto,
  compareTeamsByName,
  isAdviceTeam,
  isForum,
  joinLabel,
  memberDiff,
  membersAfterForumSend,
  newTeamInput,
  teamIcon,
  validateMembers,
  validateTeamName,
} from './rules';
import { TeamInputSchema, TeamMemberSchema, TeamSchema, TeamUpdateSchema } from './schemas';

const forum = { discoverable: true, auto_accept: true };
const publicTeam = { discoverable: true, auto_accept: false };
const privateTeam = { discoverable: false, auto_accept: false };

describe('teams (spec 01 §3, §4, §5)', () => {
  it('the API lists teams and forums by name, case-insensitively, equal names by id (the server’s order by lower(name), id)', () => {
    const teams = [
      { id: 4, name: 'Zulu' },
      { id: 3, name: 'alpha' },
      { id: 9, name: 'Mike' },
      { id: 2, name: 'ALPHA' },
      { id: 1, name: 'Mike team' },
    ];
    expect([...teams].sort(compareTeamsByName).map((t) => t.id)).toEqual([2, 3, 9, 1, 4]);
  });

  it('the API’s name order lowers each letter as the database does and compares code points (accents after z, İ as i, Σ as σ, emoji after fullwidth letters)', () => {
    const teams = [
      { id: 1, name: 'ΟΔΟΣ' },
      { id: 2, name: 'οδος' },
      { id: 3, name: '😀 ward' },
      { id: 4, name: 'Ａ ward' },
      { id: 5, name: 'İpek' },
      { id: 6, name: 'ipek' },
      { id: 7, name: 'Émile' },
      { id: 8, name: 'éa' },
      { id: 9, name: 'zulu' },
    ];
    expect([...teams].sort(compareTeamsByName).map((t) => t.name)).toEqual([
      'İpek',
      'ipek',
      'zulu',
      'éa',
      'Émile',
      'οδος',
      'ΟΔΟΣ',
      'Ａ ward',
      '😀 ward',
    ]);
  });

  it('a team that is discoverable and auto_accept is a forum', () => {
    expect(isForum(forum)).toBe(true);
    expect(isForum(publicTeam)).toBe(false);
    expect(isForum({ discoverable: false, auto_accept: true })).toBe(false);
  });

  it('icons: private, team, forum', () => {
    expect(teamIcon(forum)).toBe('forum');
    expect(teamIcon(publicTeam)).toBe('team');
    expect(teamIcon(privateTeam)).toBe('private');
  });

  it("create team: name required, label 'Team name is required'", () => {
    expect(validateTeamName('  ')).toBe('Team name is required');
    expect(validateTeamName('Ward 7')).toBeNull();
    const r = TeamInputSchema.safeParse({ name: ' ', user_ids: [1] });
    expect(r.error?.issues[0]).toMatchObject({ path: ['name'], message: 'Team name is required' });
  });

  it('new teams are private, hold the creator plus chosen members, and have empty public_data', () => {
    const input = newTeamInput({ name: ' Ward 7 ', creatorId: 4, memberIds: [5, 4, 6, 5] });
    expect(input).toEqual({
      name: 'Ward 7',
      discoverable: false,
      user_ids: [4, 5, 6],
      public_data: {},
    });
    expect(TeamInputSchema.parse(input)).toEqual(input);
    expect(TeamInputSchema.parse({ name: 'X', user_ids: [] })).toEqual({
      name: 'X',
      discoverable: false,
      user_ids: [],
      public_data: {},
    });
  });

  it('a non-member of a discoverable team can join; the label depends on discoverable', () => {
    expect(canJoinTeam(publicTeam, false)).toBe(true);
    expect(canJoinTeam(publicTeam, true)).toBe(false);
    expect(canJoinTeam(privateTeam, false)).toBe(false);
    expect(joinLabel(forum)).toBe('Join forum');
    expect(joinLabel(publicTeam)).toBe('Join team');
    expect(joinLabel(privateTeam)).toBeNull();
  });

  it('member additions and removals are the differences between current and chosen members', () => {
    expect(memberDiff([1, 2, 3], [2, 3, 4, 4])).toEqual({ add: [4], remove: [1] });
    expect(memberDiff(['a'], ['a'])).toEqual({ add: [], remove: [] });
  });

  it('a team or advice channel needs at least one member', () => {
    expect(validateMembers([])).toBe(
      'You need to add at least one member to create an advice channel',
    );
    expect(validateMembers([1])).toBeNull();
  });

  it('sending into a forum adds the sender as a member if absent', () => {
    expect(membersAfterForumSend([1, 2], 3)).toEqual([1, 2, 3]);
    expect(membersAfterForumSend([1, 2], 2)).toEqual([1, 2]);
  });

  it('patients cannot be shared into forums', () => {
    expect(canSharePatientInto(forum)).toBe(false);
    expect(canSharePatientInto(publicTeam)).toBe(true);
    expect(canSharePatientInto(null)).toBe(true);
  });

  it('advice teams have public_data.enabled', () => {
    expect(isAdviceTeam({ public_data: { enabled: true } })).toBe(true);
    expect(isAdviceTeam({ public_data: null })).toBe(false);
  });
});

describe('team wire schemas', () => {
  it('parses a team with defaults and names bad fields', () => {
    const t = TeamSchema.parse({ id: 1, name: 'Ward 7 Team', mim_id: 'ward-7' });
    expect(t).toMatchObject({ user_ids: [], discoverable: false, auto_accept: false });
    expect(
      TeamSchema.safeParse({ id: 1, name: 'x', mim_id: 'a b' }).error?.issues[0]?.path,
    ).toEqual(['mim_id']);
    expect(
      TeamSchema.parse({
        id: 2,
        name: 'Cardiology Advice',
        mim_id: 'cardio',
        public_data: { enabled: true, tips: ['Call first'] },
      }).public_data,
    ).toEqual({ enabled: true, tips: ['Call first'], resolved_issues: [] });
    expect(TeamUpdateSchema.safeParse({ user_ids: ['1'] }).error?.issues[0]?.path).toEqual([
      'user_ids',
      0,
    ]);
    expect(
      TeamMemberSchema.parse({ id: 1, uuid: 'u1', first_name: 'A', last_name: 'B' }).status,
    ).toBe('UNKNOWN');
  });
});

describe('team access (spec 01 §6)', () => {
  const st = { hospital_id: 1, network_id: 10 };
  const riverside = { hospital_id: 2, network_id: 10 };
  const northgate = { hospital_id: 3, network_id: 20 };
  const team = (extra: Partial<Parameters<typeof canReadTeam>[1]> = {}) => ({
    ...st,
    user_ids: [1, 2],
    discoverable: false,
    auto_accept: false,
    public_data: { enabled: false },
    ...extra,
  });

  it('sees within the network, or the organisation when it has none; never across networks', () => {
    expect(sameNetwork(st, riverside)).toBe(true);
    expect(sameNetwork(st, northgate)).toBe(false);
    const alone = { hospital_id: 4, network_id: null };
    expect(sameNetwork(alone, { hospital_id: 4, network_id: null })).toBe(true);
    expect(sameNetwork(alone, { hospital_id: 5, network_id: null })).toBe(false);
  });

  it('a private team is read by its members only; a discoverable or advice team by its network', () => {
    expect(canReadTeam({ id: 1, ...st }, team())).toBe(true);
    expect(canReadTeam({ id: 3, ...st }, team())).toBe(false);
    expect(canReadTeam({ id: 3, ...riverside }, team({ discoverable: true }))).toBe(true);
    expect(canReadTeam({ id: 3, ...riverside }, team({ public_data: { enabled: true } }))).toBe(
      true,
    );
    expect(canReadTeam({ id: 3, ...northgate }, team({ discoverable: true }))).toBe(false);
  });

  it('any member can add members; a non-member of a discoverable team can join (add only themselves)', () => {
    expect(addMembersRefusal({ id: 1, ...st }, team(), [5, 6])).toBeNull();
    expect(addMembersRefusal({ id: 3, ...st }, team({ discoverable: true }), [3])).toBeNull();
    expect(addMembersRefusal({ id: 3, ...st }, team({ discoverable: true }), [3, 4])).toBe(
      'You can only add yourself to a team you are not in.',
    );
    expect(addMembersRefusal({ id: 3, ...st }, team(), [3])).toBe(
      'Only members of this team can do that.',
    );
    expect(
      addMembersRefusal({ id: 3, ...northgate }, team({ discoverable: true }), [3]),
    ).not.toBeNull();
  });
});

describe('who creates which team', () => {
  it('anyone creates a team or forum; only organisation admins and above an advice channel', () => {
    expect(createTeamRefusal('USER', { public_data: {} })).toBeNull();
    expect(createTeamRefusal('USER_VERIFIED', { public_data: { enabled: true } })).toBe(
      'Only administrators can create advice channels.',
    );
    expect(createTeamRefusal('ORGANISATION_ADMIN', { public_data: { enabled: true } })).toBeNull();
    expect(createTeamRefusal('PANDO_ADMIN', { public_data: { enabled: true } })).toBeNull();
  });
});
