import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/testDb.js';
import { recordEvent } from './record.js';

/**
 * Writers at once (on PostgreSQL, with DATABASE_URL; PGlite has one connection and runs them one
 * after another). The rollup triggers of 0400 and 0401 upsert the organisation's and the network's
 * summary rows in one statement, so two logins of one organisation at once deadlocked (40P01, a 500
 * on login, seen in the clean-clone run) until 0402 made the summary writers take turns.
 */
let db: TestDatabase;
let org: number;
let people: number[];
const ROUNDS = 100;

beforeAll(async () => {
  db = await createTestDatabase();
  const network = (
    await db.query<{ id: number }>(
      `insert into networks (uuid, name, features) values (gen_random_uuid(), 'Busy Network', '{}') returning id`,
    )
  ).rows[0]!.id;
  org = (
    await db.query<{ id: number }>(
      `insert into hospitals (uuid, name, network_id) values (gen_random_uuid(), 'Busy Hospital', $1) returning id`,
      [network],
    )
  ).rows[0]!.id;
  people = (
    await db.query<{ id: number }>(
      `insert into users (uuid, email, first_name, last_name, role_description, hospital_id)
       select gen_random_uuid(), 'busy' || i || '@busy.test', 'B', 'P' || i,
              (array['Nurse', 'Consultant'])[1 + i % 2], $1
         from generate_series(1, 8) i returning id`,
      [org],
    )
  ).rows.map((r) => r.id);
});

afterAll(async () => {
  await db.close();
});

it('eight people of one organisation log in at once, 100 times over, and are moved at once: nothing fails, every event is counted', async () => {
  for (let round = 0; round < ROUNDS; round++) {
    await Promise.all(
      people.map((userId, i) =>
        recordEvent(db, {
          type: i % 2 ? 'login' : 'session_started',
          // A day of its own per round: new summary rows each time (the inserts are what raced).
          at: new Date(Date.UTC(2026, 0, 1) + round * 86_400_000 + i * 60_000),
          userId,
        }),
      ),
    );
  }
  await Promise.all(
    people.map((id, i) =>
      db.query('update users set role_description = $2 where id = $1', [
        id,
        i % 2 ? 'Consultant' : 'Nurse',
      ]),
    ),
  );
  const counted = await db.query<{ events: number }>(
    `select coalesce(sum(events), 0)::int as events from analytics_daily_counts
      where scope = 'o' and scope_id = $1`,
    [org],
  );
  expect(counted.rows[0]!.events).toBe(ROUNDS * people.length);
  const staff = await db.query<{ n: number }>(
    `select coalesce(sum(users), 0)::int as n from users_rollup where scope = 'o' and scope_id = $1`,
    [org],
  );
  expect(staff.rows[0]!.n).toBe(people.length);
});
