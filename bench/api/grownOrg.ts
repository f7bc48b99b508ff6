/**
 * The data the API benchmarks measure (bench/api/run.ts, bench/api/audit.ts): the demo
 * organisation grown to BENCH_API_USERS (10,000) users, 300 teams, 60 advice conversations and
 * BENCH_API_CARDS (10,000) patient cards of which alice sees 1,000, and a session for alice.
 */
import { openSql, type Sql } from './harness.js';

export const USERS = Number(process.env.BENCH_API_USERS ?? 10_000);
export const SESSION_TOKEN = 'bench-api-session-token';

export async function grow(dataDir: string, databaseUrl: string | undefined): Promise<void> {
  const pg = await openSql(dataDir, databaseUrl);
  try {
    const h = await pg.query<{ id: number }>(
      `select id from hospitals where name = 'St Elsewhere General'`,
    );
    const hospitalId = h.rows[0]!.id;
    const have = await pg.query<{ n: number }>(
      'select count(*)::int as n from users where hospital_id = $1',
      [hospitalId],
    );
    const add = Math.max(0, USERS - have.rows[0]!.n);
    await pg.query(
      `insert into users (uuid, email, first_name, last_name, role_description, speciality, hospital_id, access_level, gdpr_accepted)
       select gen_random_uuid(),
              'staff' || i || '@bench.example.org',
              (array['Amelia','Oliver','Isla','George','Ava','Noah','Mia','Arthur','Sofia','Leo','Grace','Oscar'])[1 + i % 12],
              (array['Hughes','Patel','Okafor','Kowalski','Murphy','Nguyen','Evans','Silva','Khan','Walsh'])[1 + i % 10] || '-' || i,
              'Nurse', 'General Medicine', $1, 'USER', true
         from generate_series(1, $2::int) i`,
      [hospitalId, add],
    );
    const alice = (
      await pg.query<{ id: number }>(`select id from users where email = 'alice@example.org'`)
    ).rows[0]!.id;
    // 300 teams of 40 people (every 10th is a forum), alice in 40 of them.
    await pg.query(
      `insert into teams (mim_id, name, hospital_id, discoverable, auto_accept)
       select 'bench-team-' || i, 'Bench team ' || i, $1, i % 10 = 0, i % 10 = 0 from generate_series(1, 300) i`,
      [hospitalId],
    );
    await pg.query(
      `insert into team_members (team_id, user_id)
       select t.id, u.id from teams t
         join lateral (select id from users where hospital_id = $1 order by id offset (t.id * 37) % 9000 limit 40) u on true
        where t.mim_id like 'bench-team-%'
       on conflict do nothing`,
      [hospitalId],
    );
    await pg.query(
      `insert into team_members (team_id, user_id)
       select id, $1 from teams where mim_id like 'bench-team-%' and substr(mim_id, 12)::int % 7 = 0 on conflict do nothing`,
      [alice],
    );
    const advice = (
      await pg.query<{ id: number }>(`select id from teams where name = 'Cardiology Advice'`)
    ).rows[0]!.id;
    await pg.query(
      `insert into advice_conversations (mim_id, team_id, requestor_id, requestor_resolved, public_team_resolved)
       select 'bench-advice-' || i, $1, $2, i % 3 = 0, i % 3 = 0 from generate_series(1, 60) i`,
      [advice, alice],
    );
    await growPatientCards(pg, hospitalId, alice);
    await pg.query(
      `insert into sessions (token_hash, user_id, expires_at, last_seen_at)
       values (encode(sha256(convert_to($1, 'utf8')), 'hex'), $2, now() + interval '1 day', now())`,
      [SESSION_TOKEN, alice],
    );
    await pg.query('analyze');
  } finally {
    await pg.close();
  }
}

export const CARDS = Number(process.env.BENCH_API_CARDS ?? 10_000);

/**
 * The patient list (issue 18): CARDS patient cards in St Elsewhere General, 3 tasks each, made
 * by the grown staff; alice sees 1,000 of them (1 in 10), reached every way the rule allows —
 * 400 assigned to her, 400 through a team of hers, 200 shared with her — and none of the rest.
 */
async function growPatientCards(pg: Sql, hospitalId: number, alice: number): Promise<void> {
  await pg.query(
    `insert into patients (first_name, last_name, gender, patient_identificator, bed, hospital_id)
     select (array['John','Mary','Ahmed','Li','Olga','Kofi','Ines','Raj'])[1 + i % 8],
            'Patient-' || i, case when i % 2 = 0 then 'MALE' else 'FEMALE' end,
            'BENCH-' || i, (1 + i % 30)::text, $1
       from generate_series(1, $2::int) i`,
    [hospitalId, CARDS],
  );
  await pg.query(
    `insert into patient_cards (title, subtitle, patient_id, hospital_id, created_by_id, created_at, modified_at)
     select 'Patient-' || split_part(p.patient_identificator, '-', 2), 'Bench', p.id, $1,
            (select id from users where hospital_id = $1 and id <> $2 order by id offset (p.id % 5000) limit 1),
            now() - (p.id % 1000) * interval '1 hour', now()
       from patients p where p.patient_identificator like 'BENCH-%'`,
    [hospitalId, alice],
  );
  await pg.query(
    `insert into tasks (patient_card_id, title, "order", completed)
     select c.id, t.title, t.ord, t.ord = 0
       from patient_cards c
       cross join (values ('Take bloods', 0), ('Review ECG', 1), ('Update family', 2)) t(title, ord)
      where c.subtitle = 'Bench'`,
  );
  // Every card has one assigned person of the organisation other than alice.
  await pg.query(
    `insert into patient_card_users (patient_card_id, user_id)
     select c.id, c.created_by_id from patient_cards c where c.subtitle = 'Bench'`,
  );
  const cards = await pg.query<{ id: number }>(
    `select id from patient_cards where subtitle = 'Bench' order by id`,
  );
  const ids = cards.rows.map((r) => r.id);
  const aliceTeams = await pg.query<{ id: number }>(
    `select team_id as id from team_members where user_id = $1 order by team_id`,
    [alice],
  );
  const teamIds = aliceTeams.rows.map((r) => r.id);
  const mine = ids.filter((_, i) => i % 10 === 0);
  await pg.query(
    `insert into patient_card_users (patient_card_id, user_id) select unnest($1::int[]), $2`,
    [mine.slice(0, 400), alice],
  );
  await pg.query(
    `insert into patient_card_teams (patient_card_id, team_id)
     select c, ($2::int[])[1 + (c % array_length($2::int[], 1))] from unnest($1::int[]) c`,
    [mine.slice(400, 800), teamIds],
  );
  await pg.query(
    `insert into shares (resource_type, resource_id, target_type, target_id)
     select 'patient_card', c, 'user', $2 from unnest($1::int[]) c`,
    [mine.slice(800, 1000), alice],
  );
}
