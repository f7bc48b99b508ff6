import { describe, expect, it } from 'vitest';
import {
  ChatUserSchema,
  CurrentUserSchema,
  HospitalSchema,
  NetworkSchema,
  OrganisationSchema,
  personDetail,
  SetOwnStatusBodySchema,
  UserSchema,
  UsersStatusesQuerySchema,
  UsersStatusesResponseSchema,
  UserStatusSchema,
  displayName,
  isUserLikeRecord,
  toChatUser,
  usersStatusesQuery,
} from './schemas';
import { USER_STATUS_LABELS } from './constants';

const alice = {
  id: 4,
  uuid: 'u-alice',
  first_name: 'Alice',
  last_name: 'Adams',
  status: 'AVAILABLE',
  email: 'alice@example.org',
  access_level: 'USER_VERIFIED',
  hospital_id: 1,
  hospital_uuid: 'h-st-elsewhere',
  network_uuid: 'n-demo',
  hospital: { name: 'St Elsewhere General' },
  features: { form_templates: true },
  premium_features: { patient_cards: true, pagers: true, advice_channels: true },
  role: { description: 'Consultant' },
  speciality: 'Cardiology',
  gdpr_accepted: true,
};

describe('User (spec 01 §3)', () => {
  it('parses the current user with hospital embedded', () => {
    const u = UserSchema.parse(alice);
    expect(u.hospital?.name).toBe('St Elsewhere General');
    expect(u.premium_features.patient_cards).toBe(true);
    expect(u.features.pando_control_v2).toBeUndefined();
  });

  it('defaults status to UNKNOWN and flags to none', () => {
    const u = UserSchema.parse({
      id: 1,
      uuid: 'u1',
      first_name: 'A',
      last_name: 'B',
      access_level: 'USER',
    });
    expect(u.status).toBe('UNKNOWN');
    expect(u.features).toEqual({});
  });

  it('status is one of AVAILABLE, UNAVAILABLE, UNKNOWN', () => {
    expect(UserStatusSchema.options).toEqual(['AVAILABLE', 'UNAVAILABLE', 'UNKNOWN']);
    expect(USER_STATUS_LABELS.UNAVAILABLE).toBe('Unavailable');
    const r = UserSchema.safeParse({ ...alice, status: 'BUSY' });
    expect(r.error?.issues[0]?.path).toEqual(['status']);
  });

  it('bad access_level and uuid name the field', () => {
    expect(UserSchema.safeParse({ ...alice, access_level: 'ROOT' }).error?.issues[0]?.path).toEqual(
      ['access_level'],
    );
    expect(UserSchema.safeParse({ ...alice, uuid: 'a b' }).error?.issues[0]?.path).toEqual([
      'uuid',
    ]);
  });

  it('current user carries the network flags', () => {
    const u = CurrentUserSchema.parse({
      ...alice,
      network_features: { user_invite_by_email: true },
    });
    expect(u.network_features.user_invite_by_email).toBe(true);
  });

  it('a user-like record with gdpr_accepted is mapped to id (from uuid), first_name, last_name, status', () => {
    expect(isUserLikeRecord(alice)).toBe(true);
    expect(isUserLikeRecord({ uuid: 'x', first_name: 'a', last_name: 'b' })).toBe(false);
    expect(toChatUser({ ...alice, gdpr_accepted: true } as never)).toEqual({
      id: 'u-alice',
      first_name: 'Alice',
      last_name: 'Adams',
      status: 'AVAILABLE',
    });
    expect(
      toChatUser({ uuid: 'u2', first_name: 'B', last_name: 'C', gdpr_accepted: false }).status,
    ).toBe('UNKNOWN');
    expect(ChatUserSchema.parse(toChatUser({ ...alice } as never)).id).toBe('u-alice');
  });

  it('display name falls back to email, then "Unknown user"', () => {
    expect(displayName(alice)).toBe('Alice Adams');
    expect(displayName({ first_name: ' ', email: 'x@y.z' })).toBe('x@y.z');
    expect(displayName({})).toBe('Unknown user');
  });

  it('two people of the same name read apart by role, speciality and hospital', () => {
    const george = { first_name: 'George', last_name: 'Adeyemi' };
    const here = personDetail({
      ...george,
      role: { role: 'nurse', description: 'Nurse' },
      hospital: { name: 'St Elsewhere General' },
    });
    const there = personDetail({
      ...george,
      role: { role: 'consultant', description: null },
      speciality: 'Cardiology',
      hospital: { name: 'Riverside Hospital' },
    });
    expect(here).toBe('Nurse · St Elsewhere General');
    expect(there).toBe('consultant · Cardiology · Riverside Hospital');
    expect(personDetail({ role: null, hospital: null })).toBe('');
  });
});

describe('hospital, organisation, network', () => {
  it('parses a hospital and a network with its default organisation', () => {
    expect(HospitalSchema.parse({ id: 1, uuid: 'h1', name: 'St Elsewhere General' }).name).toBe(
      'St Elsewhere General',
    );
    const n = NetworkSchema.parse({
      id: 1,
      name: 'Demo Health Network',
      status: 'ACTIVATED',
      created_at: '2026-01-01T00:00:00.000Z',
      modified_at: '2026-01-02T00:00:00Z',
      default_organisation: { id: 1, name: 'St Elsewhere General' },
    });
    expect(n.features).toEqual({});
    expect(NetworkSchema.safeParse({ ...n, status: 'ON' }).error?.issues[0]?.path).toEqual([
      'status',
    ]);
    expect(OrganisationSchema.parse({ id: 2, name: 'Riverside', status: 'PENDING' }).status).toBe(
      'PENDING',
    );
  });
});

describe('users statuses', () => {
  it('GET /users/statuses?subscribe=false&users={ids}', () => {
    expect(usersStatusesQuery(['a', 'b', 'a'])).toBe('subscribe=false&users=a,b');
    expect(UsersStatusesQuerySchema.parse({ users: 'a, b,,c' })).toEqual({
      subscribe: 'false',
      users: ['a', 'b', 'c'],
    });
    const bad = UsersStatusesQuerySchema.safeParse({ users: 'a,b c' });
    expect(bad.error?.issues[0]?.path).toEqual(['users', 1]);
    expect(
      UsersStatusesResponseSchema.parse({ results: [{ id: 'a', status: 'AVAILABLE' }] }).results,
    ).toHaveLength(1);
  });

  it('a person sets their own availability to AVAILABLE or UNAVAILABLE; UNKNOWN cannot be chosen', () => {
    expect(SetOwnStatusBodySchema.parse({ status: 'UNAVAILABLE' })).toEqual({
      status: 'UNAVAILABLE',
    });
    for (const body of [{ status: 'UNKNOWN' }, { status: 'available' }, {}, { status: null }]) {
      expect(SetOwnStatusBodySchema.safeParse(body).error?.issues[0]?.path).toEqual(['status']);
    }
  });
});
