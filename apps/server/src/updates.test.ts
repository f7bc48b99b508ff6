import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  AdminTeamPatchSchema,
  AdminUserPatchSchema,
  NetworkPatchSchema,
  NetworkUpdateSchema,
  OrganisationSettingsPatchSchema,
  PatientCardUpdateSchema,
  PatientUpdateSchema,
  ReassignBodySchema,
  SetOwnStatusBodySchema,
  TeamUpdateSchema,
  type PatientCard,
} from '@pando/domain';
import { DEMO_ACCOUNTS } from './seed/index.js';
import { type Caller, callerFor } from './teams/testing.js';
import { startTestServer, type TestServer } from './testing/testServer.js';

/**
 * Issue 35: every update (PUT/PATCH) changes exactly the fields it was sent. For each update
 * endpoint, the fields come from its body schema's shape (not picked by hand): each is sent
 * alone, with a value generated from its schema, and every other stored field of the record (its
 * row and its relations) must be unchanged. Two passes, forward then backward, so a field that a
 * bug resets (saving a patient's notes turned a female patient male) is caught whichever comes
 * first. A field the schema requires is sent with its stored value; `modified_at`, the version a
 * change was made on, is sent as stored and changes nothing else.
 */

type Stored = Record<string, unknown>;
type FieldSchema = z.ZodType;

interface UpdateEndpoint {
  name: string;
  method: 'PUT' | 'PATCH';
  url: () => string;
  /** The body's fields (for a nested body, the inner object). */
  fields: z.ZodObject;
  wrap?: (fields: Stored) => Stored;
  who: () => Caller;
  /** Every stored field of the record: its row and its relations, by column or relation name. */
  stored: () => Promise<Stored>;
  /** The stored fields a body field writes, when not the field's own name. */
  writes?: Record<string, string[]>;
  /** Values for fields no generic value fits (references to other records), from the stored state. */
  values?: Record<string, (stored: Stored, pass: number) => unknown>;
  /** Fields accepted and deliberately not stored, with the reason. */
  ignored?: Record<string, string>;
}

let ts: TestServer;
const people = {} as Record<
  'alice' | 'bob' | 'orgAdmin' | 'networkAdmin' | 'pandoAdmin' | 'target',
  Caller
>;
let card: PatientCard;
let teamIdOfAlice: number;
let adminTeamId: number;
let adviceChannelId: number;
let networkId: number;
let wardIds: number[];
let otherHospitalUuid: string;
let otherHospitalId: number;
let homeHospitalUuid: string;
let homeHospitalId: number;
let networkHospitalIds: number[];
let aliceTeamIds: number[];

const GENERIC_STRINGS = [
  'Update test value 1',
  'Update test value 2',
  '1971-02-03',
  '1982-04-05',
  '2.7',
  '3.1',
];

function inner(schema: FieldSchema): FieldSchema {
  const def = (schema as { def?: { type?: string; innerType?: FieldSchema; in?: FieldSchema } })
    .def;
  if (!def) return schema;
  if (def.innerType && ['optional', 'nullable', 'default', 'prefault'].includes(def.type ?? ''))
    return inner(def.innerType);
  if (def.type === 'pipe' && def.in) return inner(def.in);
  return schema;
}

/** Values of a field's type to try, in order: enum options, both booleans, a few strings, null. */
function genericCandidates(schema: FieldSchema): unknown[] {
  const base = inner(schema);
  const def = (base as { def: { type: string } }).def;
  const out: unknown[] = [];
  if (def.type === 'enum') out.push(...(base as z.ZodEnum).options);
  if (def.type === 'boolean') out.push(true, false);
  if (def.type === 'string') out.push(...GENERIC_STRINGS);
  out.push(null);
  return out;
}

const asComparable = (v: unknown): unknown =>
  v instanceof Date ? v.toISOString() : Array.isArray(v) ? v.map(asComparable) : v;

async function row(table: string, id: number): Promise<Stored> {
  const r = await ts.db.query<Stored>(`select * from ${table} where id = $1`, [id]);
  const found = r.rows[0];
  if (!found) throw new Error(`no ${table} ${id}`);
  return Object.fromEntries(Object.entries(found).map(([k, v]) => [k, asComparable(v)]));
}

async function ids(sql: string, id: number): Promise<number[]> {
  const r = await ts.db.query<{ id: number }>(sql, [id]);
  return r.rows.map((x) => x.id).sort((a, b) => a - b);
}

async function send(e: UpdateEndpoint, fields: Stored) {
  return ts.app.inject({
    method: e.method,
    url: e.url(),
    headers: { cookie: e.who().cookie, 'content-type': 'application/json' },
    payload: JSON.stringify(e.wrap ? e.wrap(fields) : fields),
  });
}

const ENDPOINTS: UpdateEndpoint[] = [
  {
    name: 'PUT /patients/{id}',
    method: 'PUT',
    url: () => `/api/v4/patients/${card.patient_id}`,
    fields: PatientUpdateSchema.shape.patient,
    wrap: (patient) => ({ patient }),
    who: () => people.alice,
    stored: () => row('patients', card.patient_id!),
    values: {
      ward_id: (s) => wardIds.find((w) => w !== s['ward_id']) ?? null,
      hospital_id: () => otherHospitalId,
    },
    ignored: { hospital_id: 'a patient stays in the organisation of their cards (routes.ts)' },
  },
  {
    name: 'PUT /cards-multiple-reassign/{id}',
    method: 'PUT',
    url: () => `/api/v4/cards-multiple-reassign/${card.id}`,
    fields: PatientCardUpdateSchema,
    who: () => people.alice,
    stored: async () => ({
      ...(await row('patient_cards', card.id)),
      tasks: (
        await ts.db.query(
          'select id, title, completed, "order" from tasks where patient_card_id = $1 order by id',
          [card.id],
        )
      ).rows,
    }),
    values: {
      tasks: (_s, pass) => [{ title: `Update test task ${pass}`, completed: false, order: 0 }],
    },
  },
  {
    name: 'PUT /cards-multiple-reassign/{id}/reassign',
    method: 'PUT',
    url: () => `/api/v4/cards-multiple-reassign/${card.id}/reassign`,
    fields: ReassignBodySchema,
    who: () => people.alice,
    stored: async () => ({
      ...(await row('patient_cards', card.id)),
      users: await ids(
        'select user_id as id from patient_card_users where patient_card_id = $1',
        card.id,
      ),
      teams: await ids(
        'select team_id as id from patient_card_teams where patient_card_id = $1',
        card.id,
      ),
    }),
    values: {
      users: (s) => {
        const now = s['users'] as number[];
        return now.includes(people.bob.id)
          ? now.filter((u) => u !== people.bob.id)
          : [...now, people.bob.id];
      },
      teams: (s) => ((s['teams'] as number[]).length ? [] : aliceTeamIds.slice(0, 1)),
    },
  },
  {
    name: 'PUT /teams/{id}',
    method: 'PUT',
    url: () => `/api/v4/teams/${teamIdOfAlice}`,
    fields: TeamUpdateSchema,
    who: () => people.alice,
    stored: async () => ({
      ...(await row('teams', teamIdOfAlice)),
      user_ids: await ids(
        'select user_id as id from team_members where team_id = $1',
        teamIdOfAlice,
      ),
    }),
    values: {
      user_ids: (s) => {
        const now = s['user_ids'] as number[];
        return now.includes(people.bob.id)
          ? now.filter((u) => u !== people.bob.id)
          : [...now, people.bob.id];
      },
    },
  },
  ...(
    [
      ['teams', () => adminTeamId],
      ['advice-channels', () => adviceChannelId],
    ] as const
  ).map(([path, id]): UpdateEndpoint => ({
    name: `PATCH /admin/${path}/{id}`,
    method: 'PATCH',
    url: () => `/api/v4/admin/${path}/${id()}`,
    fields: AdminTeamPatchSchema,
    who: () => people.orgAdmin,
    stored: async () => ({
      ...(await row('teams', id())),
      user_ids: await ids('select user_id as id from team_members where team_id = $1', id()),
    }),
  })),
  {
    name: 'PATCH /admin/users/{id}',
    method: 'PATCH',
    url: () => `/api/v4/admin/users/${people.target.id}`,
    fields: AdminUserPatchSchema,
    who: () => people.networkAdmin,
    stored: () => row('users', people.target.id),
    writes: { hospital_uuid: ['hospital_id'] },
    values: {
      hospital_uuid: (_s, pass) => (pass === 0 ? otherHospitalUuid : homeHospitalUuid),
    },
  },
  ...(
    [
      ['PATCH', NetworkPatchSchema],
      ['PUT', NetworkUpdateSchema],
    ] as const
  ).map(([method, fields]): UpdateEndpoint => ({
    name: `${method} /admin/networks/{id}`,
    method,
    url: () => `/api/v4/admin/networks/${networkId}`,
    fields,
    who: () => people.pandoAdmin,
    stored: () => row('networks', networkId),
    values: {
      default_organisation_id: (s) =>
        networkHospitalIds.find((h) => h !== s['default_organisation_id']),
      features: (s) => ({
        user_invite_by_email: !(s['features'] as { user_invite_by_email?: boolean } | null)
          ?.user_invite_by_email,
      }),
    },
  })),
  {
    name: 'PATCH /admin/organisations/{uuid}',
    method: 'PATCH',
    url: () => `/api/v4/admin/organisations/${homeHospitalUuid}`,
    fields: OrganisationSettingsPatchSchema,
    who: () => people.orgAdmin,
    stored: () => row('hospitals', homeHospitalId),
  },
  {
    name: 'PUT /users/me/status',
    method: 'PUT',
    url: () => '/api/v4/users/me/status',
    fields: SetOwnStatusBodySchema,
    who: () => people.bob,
    stored: () => row('users', people.bob.id),
  },
];

beforeAll(async () => {
  ts = await startTestServer();
  for (const k of ['alice', 'bob', 'orgAdmin', 'networkAdmin', 'pandoAdmin'] as const)
    people[k] = await callerFor(ts, DEMO_ACCOUNTS[k]);
  const hospitals = await ts.db.query<{
    id: number;
    uuid: string;
    name: string;
    network_id: number;
  }>('select id, uuid::text as uuid, name, network_id from hospitals');
  const home = hospitals.rows.find((h) => h.name === 'St Elsewhere General')!;
  const other = hospitals.rows.find((h) => h.name === 'Riverside Hospital')!;
  homeHospitalUuid = home.uuid;
  homeHospitalId = home.id;
  otherHospitalUuid = other.uuid;
  otherHospitalId = other.id;
  networkId = home.network_id;
  networkHospitalIds = hospitals.rows.filter((h) => h.network_id === networkId).map((h) => h.id);
  wardIds = (
    await ts.db.query<{ id: number }>('select id from wards where hospital_id = $1 order by id', [
      home.id,
    ])
  ).rows.map((w) => w.id);
  // Someone the admin may transfer and block without touching the demo accounts.
  await ts.db.query(
    `insert into users (uuid, email, first_name, last_name, hospital_id, access_level, created_at, modified_at)
     values (gen_random_uuid(), 'update.target@example.org', 'Una', 'Target', $1, 'USER', now(), now())`,
    [home.id],
  );
  people.target = await callerFor(ts, 'update.target@example.org');

  const created = await ts.app.inject({
    method: 'POST',
    url: `/api/v4/cards-multiple-reassign?assignee=users&assignee_id=${people.alice.id}&with_empty_task=false`,
    headers: { cookie: people.alice.cookie, 'content-type': 'application/json' },
    payload: JSON.stringify({ title: 'Update test', subtitle: 'Bay 1' }),
  });
  expect(created.statusCode, created.body).toBe(201);
  card = created.json<PatientCard>();

  const team = await ts.app.inject({
    method: 'POST',
    url: '/api/v4/teams',
    headers: { cookie: people.alice.cookie, 'content-type': 'application/json' },
    payload: JSON.stringify({ name: 'Update test team', user_ids: [], public_data: {} }),
  });
  expect(team.statusCode, team.body).toBe(201);
  teamIdOfAlice = team.json<{ id: number }>().id;
  aliceTeamIds = await ids(
    'select team_id as id from team_members where user_id = $1',
    people.alice.id,
  );

  const teamsOf = async (advice: boolean) =>
    (
      await ts.db.query<{ id: number }>(
        `select id from teams where hospital_id = $1 and deleted_at is null
            and (public_data->>'enabled')::boolean is ${advice ? 'true' : 'not true'}
          order by id limit 1`,
        [home.id],
      )
    ).rows[0]!.id;
  adminTeamId = await teamsOf(false);
  adviceChannelId = await teamsOf(true);
}, 120_000);

afterAll(async () => {
  await ts.close();
});

describe('an update changes exactly the fields it was sent', () => {
  for (const e of ENDPOINTS) {
    it(`${e.name}: each field of its body alone changes that field only`, async () => {
      const shape = e.fields.shape as Record<string, FieldSchema>;
      const keys = Object.keys(shape);
      const required = keys.filter((k) => !shape[k]!.safeParse(undefined).success);
      const lastSent = new Map<string, unknown>();
      for (const [pass, order] of [keys, [...keys].reverse()].entries()) {
        for (const key of order) {
          const field = shape[key]!;
          const before = await e.stored();
          const writes = e.writes?.[key] ?? [key];
          const current = before[writes[0]!];
          // A value the field would not take by itself (its default), nor the stored or last one.
          const implied = field.safeParse(undefined);
          // `modified_at`: the version the change was made on (issue 35), the stored one.
          const isVersion = key === 'modified_at';
          const candidates = isVersion
            ? [before['modified_at']]
            : e.values?.[key]
              ? [e.values[key](before, pass)]
              : genericCandidates(field);
          const value = candidates.find(
            (c) =>
              field.safeParse(c).success &&
              (isVersion ||
                e.ignored?.[key] !== undefined ||
                (!isDeepStrictEqual(c, current) &&
                  !isDeepStrictEqual(c, lastSent.get(key)) &&
                  !(implied.success && isDeepStrictEqual(c, implied.data)))),
          );
          expect(value, `${e.name}: no value to send for ${key}`).not.toBeUndefined();
          lastSent.set(key, value);
          const body: Stored = {};
          for (const r of required) body[r] = before[r];
          body[key] = value;
          const res = await send(e, body);
          expect(res.statusCode, `${e.name} ${JSON.stringify(body)}: ${res.body}`).toBe(200);
          const after = await e.stored();
          const unchanged = (s: Stored) =>
            Object.fromEntries(
              Object.entries(s).filter(([k]) => k !== 'modified_at' && !writes.includes(k)),
            );
          expect(unchanged(after), `${e.name}: sending only ${key}`).toEqual(unchanged(before));
          if (!isVersion && !e.ignored?.[key])
            expect(
              writes.some((w) => !isDeepStrictEqual(after[w], before[w])),
              `${e.name}: ${key} was saved`,
            ).toBe(true);
        }
      }
    });
  }
});
