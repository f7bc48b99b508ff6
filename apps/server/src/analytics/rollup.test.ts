import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/testDb.js';
import { recordEvent } from './record.js';

/**
 * The rollups of migrations 0400 and 0401 against the events and users themselves: random
 * events recorded out of order (one at a time and in bulk statements), people added, moved,
 * re-roled and blocked; then, for random windows, every rolled-up figure equals the same figure
 * counted from scratch.
 */
let db: TestDatabase;
let network: number;
let orgs: number[];
let people: number[];

/** A small deterministic generator (the failures replay). */
function lcg(seed: number) {
  let x = seed;
  return (n: number) => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return x % n;
  };
}
const rnd = lcg(Number(process.env.ROLLUP_SEED ?? 20_261_124));
const DAY = 86_400_000;
const START = Date.parse('2026-03-01T00:00:00Z');
const TYPES = ['login', 'session_started', 'message_sent', 'message_sent', 'patient_card_created'];
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

beforeAll(async () => {
  db = await createTestDatabase();
  network = (
    await db.query<{ id: number }>(
      `insert into networks (uuid, name, features) values (gen_random_uuid(), 'Rollup Network', '{}') returning id`,
    )
  ).rows[0]!.id;
  orgs = [];
  for (const name of ['Rollup A', 'Rollup B', 'Rollup C'])
    orgs.push(
      (
        await db.query<{ id: number }>(
          `insert into hospitals (uuid, name, network_id) values (gen_random_uuid(), $1, $2) returning id`,
          [name, network],
        )
      ).rows[0]!.id,
    );
  // 30 people in one statement (the insert trigger's bulk path), created over 20 days.
  people = (
    await db.query<{ id: number }>(
      `insert into users (uuid, email, first_name, last_name, role_description, hospital_id, created_at)
       select gen_random_uuid(), 'rollup' || i || '@rollup.test', 'R', 'P' || i,
              (array['Nurse', 'Consultant', null])[1 + i % 3], ($1::int[])[1 + i % 3],
              $2::timestamptz + make_interval(days => i % 20)
         from generate_series(1, 30) i returning id`,
      [orgs, new Date(START - 10 * DAY)],
    )
  ).rows.map((r) => r.id);

  // 600 events over 40 days, in random order: 300 one at a time, 300 in bulk statements.
  const events = Array.from({ length: 600 }, () => ({
    type: TYPES[rnd(TYPES.length)]!,
    at: new Date(START + rnd(40) * DAY + rnd(24) * 3_600_000 + rnd(3_600_000)),
    userId: people[rnd(people.length)]!,
    hasImage: rnd(4) === 0,
  }));
  for (const e of events.slice(0, 300)) await recordEvent(db, e);
  // A transfer and a role change between the halves: later events carry the new organisation.
  await db.query('update users set hospital_id = $2, role_description = $3 where id = $1', [
    people[0],
    orgs[2],
    'Pharmacist',
  ]);
  const rest = events.slice(300);
  for (let i = 0; i < rest.length; i += 50) {
    const chunk = rest.slice(i, i + 50);
    await db.query(
      `insert into analytics_events (type, occurred_at, user_id, hospital_id, network_id, role, has_image)
       select e.type, e.at, u.id, u.hospital_id, h.network_id, u.role_description, e.img
         from unnest($1::text[], $2::timestamptz[], $3::int[], $4::bool[]) as e(type, at, uid, img)
         join users u on u.id = e.uid join hospitals h on h.id = u.hospital_id`,
      [
        chunk.map((e) => e.type),
        chunk.map((e) => e.at),
        chunk.map((e) => e.userId),
        chunk.map((e) => e.hasImage),
      ],
    );
  }
  // People blocked, re-roled and removed after the events.
  await db.query('update users set blocked = true where id = any($1)', [people.slice(1, 4)]);
  await db.query('update users set role_description = null where id = $1', [people[5]]);
  // (A deleted person's events lose their user_id, the rollups keep their past activity: the
  // one deleted here never sent anything.)
  await db.query(
    `insert into users (uuid, email, first_name, last_name, hospital_id, created_at)
     values (gen_random_uuid(), 'gone@rollup.test', 'G', 'One', $1, $2)`,
    [orgs[0], new Date(START - 10 * DAY)],
  );
  await db.query(`delete from users where email = 'gone@rollup.test'`);
});
afterAll(async () => {
  await db.close();
});

const scopes = () => [
  ...orgs.map((id) => ({ scope: 'o', id, column: 'hospital_id' })),
  { scope: 'n', id: network, column: 'network_id' },
];

describe('analytics rollups equal the figures counted from the events', () => {
  it('distinct active people, per day and per hour; events per type, per day, per role, with images', async () => {
    let checked = 0;
    for (let k = 0; k < 12; k++) {
      const a = rnd(40);
      const from = iso(START + a * DAY);
      const to = iso(START + Math.min(39, a + rnd(20)) * DAY);
      for (const s of scopes()) {
        const active = `e.${s.column} = $1 and e.type in ('login', 'session_started', 'message_sent')
          and e.user_id is not null and (e.occurred_at at time zone 'UTC')::date between $2::date and $3::date`;
        const pair = async (rolled: string, counted: string) => {
          const [x, y] = await Promise.all([
            db.query(rolled, [s.id, from, to]),
            db.query(counted, [s.id, from, to]),
          ]);
          expect(x.rows, `${s.scope}${s.id} ${from}..${to}: ${rolled}`).toEqual(y.rows);
          checked++;
        };
        await pair(
          `select coalesce(sum(n), 0)::int as n from analytics_active_chain
            where scope = '${s.scope}' and scope_id = $1 and day between $2::date and $3::date and prev_day < $2::date`,
          `select count(distinct e.user_id)::int as n from analytics_events e where ${active}`,
        );
        await pair(
          `select day::text, users::int as n from analytics_daily_active
            where scope = '${s.scope}' and scope_id = $1 and day between $2::date and $3::date and users > 0 order by day`,
          `select (e.occurred_at at time zone 'UTC')::date::text as day, count(distinct e.user_id)::int as n
             from analytics_events e where ${active} group by 1 order by 1`,
        );
        await pair(
          `select hour::int, sum(users)::int as n from analytics_hourly_active
            where scope = '${s.scope}' and scope_id = $1 and day between $2::date and $3::date
            group by 1 having sum(users) > 0 order by 1`,
          `select extract(hour from e.occurred_at at time zone 'UTC')::int as hour,
                  count(distinct (e.user_id, (e.occurred_at at time zone 'UTC')::date))::int as n
             from analytics_events e where ${active} group by 1 order by 1`,
        );
        await pair(
          `select type, role, sum(events)::int as n, sum(with_image)::int as img from analytics_daily_counts
            where scope = '${s.scope}' and scope_id = $1 and day between $2::date and $3::date
            group by 1, 2 order by 1, 2`,
          `select e.type, coalesce(e.role, '') as role, count(*)::int as n,
                  (count(*) filter (where e.has_image))::int as img
             from analytics_events e where e.${s.column} = $1
              and (e.occurred_at at time zone 'UTC')::date between $2::date and $3::date
            group by 1, 2 order by 1, 2`,
        );
      }
    }
    expect(checked).toBe(12 * 4 * 4);
  });

  it('people by role and in total, per organisation, network and everyone, after inserts, moves, blocks and a delete', async () => {
    for (const day of ['2026-02-19', '2026-02-25', '2026-03-10']) {
      for (const s of [...scopes(), { scope: 'a', id: 0, column: '' }]) {
        const where =
          s.scope === 'o' ? 'u.hospital_id = $1' : s.scope === 'n' ? 'h.network_id = $1' : '$1 = 0';
        const rolled = await db.query(
          `select role, sum(users)::int as n from users_rollup
            where scope = '${s.scope}' and scope_id = $1 and created_day <= $2::date
            group by 1 having sum(users) > 0 order by 1`,
          [s.id, day],
        );
        const counted = await db.query(
          `select coalesce(u.role_description, '') as role, count(*)::int as n
             from users u left join hospitals h on h.id = u.hospital_id
            where ${where} and not u.blocked and (u.created_at at time zone 'UTC')::date <= $2::date
            group by 1 order by 1`,
          [s.id, day],
        );
        expect(rolled.rows, `${s.scope}${s.id} ${day}`).toEqual(counted.rows);
      }
    }
  });

  it('people by role per organisation, network and everyone, whenever they joined (the totals of 0600), after inserts, moves, blocks and a delete', async () => {
    for (const s of [...scopes(), { scope: 'a', id: 0, column: '' }]) {
      const where =
        s.scope === 'o' ? 'u.hospital_id = $1' : s.scope === 'n' ? 'h.network_id = $1' : '$1 = 0';
      const rolled = await db.query(
        `select role, users::int as n from users_rollup_totals
          where scope = '${s.scope}' and scope_id = $1 and users <> 0 order by 1`,
        [s.id],
      );
      const counted = await db.query(
        `select coalesce(u.role_description, '') as role, count(*)::int as n
           from users u left join hospitals h on h.id = u.hospital_id
          where ${where} and not u.blocked group by 1 order by 1`,
        [s.id],
      );
      expect(rolled.rows, `${s.scope}${String(s.id)}`).toEqual(counted.rows);
      expect(rolled.rows.length).toBeGreaterThan(0);
    }
  });
});
