import { SAMPLE_ROLES } from '@pando/domain';
import {
  DEMO_ACCOUNTS,
  DEMO_ADVICE,
  DEMO_ADVICE_TEAM,
  DEMO_INVITE_EMAIL,
  DEMO_NETWORKS,
  DEMO_ORGANISATIONS,
  DEMO_PATIENT_CARD,
  DEMO_PEOPLE,
  DEMO_TEAMS,
  DEMO_WARDS,
  type DemoOrganisation,
} from '@pando/domain/demo';
import type { Database, DatabaseTx } from '../db/client.js';
import { seedChatHistory, type SeedChatContext } from './chatHistory.js';
import { pick, prng, stableMimId, stableUuid } from './random.js';

// The demo organisation's named people, teams and advice are plain data in @pando/domain/demo;
// this seed stores them, plus generated staff, wards, patients and analytics around them.
export { DEMO_ACCOUNTS, DEMO_INVITE_EMAIL } from '@pando/domain/demo';

const SPECIALITIES = [
  'Cardiology',
  'General Medicine',
  'Respiratory',
  'Orthopaedics',
  'Emergency Medicine',
  'Paediatrics',
  'Neurology',
  'Gastroenterology',
  'Geriatrics',
  'Oncology',
];

const FIRST = [
  'Amelia',
  'Oliver',
  'Isla',
  'George',
  'Ava',
  'Noah',
  'Mia',
  'Arthur',
  'Sofia',
  'Leo',
  'Grace',
  'Oscar',
  'Freya',
  'Harry',
  'Priya',
  'Kwame',
  'Chen',
  'Fatima',
  'Mateo',
  'Aisha',
  'Tomasz',
  'Ines',
  'Ravi',
  'Zara',
];
const LAST = [
  'Hughes',
  'Patel',
  'Okafor',
  'Kowalski',
  'Murphy',
  'Nguyen',
  'Evans',
  'Silva',
  'Khan',
  'Walsh',
  'Müller',
  'Brown',
  "O'Neill",
  'Rossi',
  'Adeyemi',
  'Jensen',
  'Taylor',
  'Haddad',
  'Lindqvist',
  'Chowdhury',
];

interface SeedOptions {
  now: Date;
}

interface Ids {
  users: Map<
    string,
    {
      id: number;
      uuid: string;
      firstName: string;
      lastName: string;
      hospitalId: number;
      role: string;
    }
  >;
  rooms: Map<string, { id: number; mimId: string; memberEmails: string[] }>;
}

async function insertOne<T = { id: number }>(
  tx: DatabaseTx,
  text: string,
  params: unknown[],
): Promise<T> {
  const r = await tx.query<T>(text, params);
  const row = r.rows[0];
  if (row === undefined) throw new Error(`seed insert returned no row: ${text.slice(0, 60)}`);
  return row;
}

function user(ids: Ids, email: string) {
  const u = ids.users.get(email);
  if (!u) throw new Error(`seed: no user ${email}`);
  return u;
}

function room(ids: Ids, name: string) {
  const r = ids.rooms.get(name);
  if (!r) throw new Error(`seed: no room ${name}`);
  return r;
}

function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`seed: no item ${index}`);
  return item;
}

/**
 * Seeds the demo organisation (`SEED=demo`). Idempotent: a database that already holds the
 * demo accounts is left alone, so a restart never duplicates or resets anything.
 */
export async function seedDatabase(db: Database, options: SeedOptions): Promise<boolean> {
  const existing = await db.query('select 1 from users where email = $1', [DEMO_ACCOUNTS.alice]);
  if (existing.rows.length > 0) return false;
  const ids: Ids = { users: new Map(), rooms: new Map() };
  await db.transaction(async (tx) => {
    // Another process may have seeded between our check and this transaction (two servers, one
    // PostgreSQL): the advisory lock plus a re-check makes that harmless.
    await tx.query('select pg_advisory_xact_lock(7261602)');
    const again = await tx.query('select 1 from users where email = $1', [DEMO_ACCOUNTS.alice]);
    if (again.rows.length > 0) return;
    await seedOrganisation(tx, options.now, ids);
  });
  if (ids.users.size === 0) return false;
  const ctx: SeedChatContext = { db, now: options.now, users: ids.users, rooms: ids.rooms };
  await seedChatHistory(ctx);
  return true;
}

async function seedOrganisation(tx: DatabaseTx, now: Date, ids: Ids): Promise<void> {
  const rand = prng(20260101);
  const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);

  const networkIds = {} as Record<keyof typeof DEMO_NETWORKS, number>;
  for (const [key, n] of Object.entries(DEMO_NETWORKS) as [
    keyof typeof DEMO_NETWORKS,
    (typeof DEMO_NETWORKS)[keyof typeof DEMO_NETWORKS],
  ][]) {
    networkIds[key] = (
      await insertOne(
        tx,
        `insert into networks (uuid, name, status, features, created_at, modified_at) values ($1, $2, 'ACTIVATED', $3, $4, $4) returning id`,
        [
          stableUuid(`network:${key}`),
          n.name,
          JSON.stringify(n.features),
          daysAgo(key === 'demo' ? 400 : 300),
        ],
      )
    ).id;
  }
  const orgIds = {} as Record<DemoOrganisation, number>;
  for (const [key, o] of Object.entries(DEMO_ORGANISATIONS) as [
    DemoOrganisation,
    (typeof DEMO_ORGANISATIONS)[DemoOrganisation],
  ][]) {
    orgIds[key] = (
      await insertOne(
        tx,
        `insert into hospitals (uuid, name, status, network_id, latitude, longitude, radius, created_at, modified_at) values ($1, $2, 'ACTIVATED', $3, $4, $5, 500, $6, $6) returning id`,
        [
          stableUuid(`hospital:${o.name}`),
          o.name,
          networkIds[o.network],
          o.latitude,
          o.longitude,
          daysAgo(400),
        ],
      )
    ).id;
  }
  const stE = orgIds.stElsewhere;
  const river = orgIds.riverside;
  const north = orgIds.northgate;
  // Each network's default organisation is its first.
  await tx.query('update networks set default_organisation_id = $2 where id = $1', [
    networkIds.demo,
    stE,
  ]);
  await tx.query('update networks set default_organisation_id = $2 where id = $1', [
    networkIds.northgate,
    north,
  ]);

  const premium = { patient_cards: true, pagers: true, advice_channels: true };
  const addUser = async (u: {
    email: string;
    first: string;
    last: string;
    level: string;
    hospitalId: number;
    role: string;
    speciality: string;
    features?: object;
    premium?: object;
    status?: string;
  }) => {
    const uuid = stableUuid(`user:${u.email}`);
    const row = await insertOne(
      tx,
      `insert into users (uuid, email, first_name, last_name, phone, role, role_description, speciality, status,
                          access_level, hospital_id, features, premium_features, gdpr_accepted, created_at, modified_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, true, $14, $14) returning id`,
      [
        uuid,
        u.email,
        u.first,
        u.last,
        `+44 20 7946 ${String(1000 + ids.users.size).slice(-4)}`,
        u.role.toUpperCase().replaceAll(' ', '_'),
        u.role,
        u.speciality,
        u.status ?? 'AVAILABLE',
        u.level,
        u.hospitalId,
        JSON.stringify(u.features ?? {}),
        JSON.stringify(u.premium ?? {}),
        daysAgo(200 + ids.users.size),
      ],
    );
    ids.users.set(u.email, {
      id: row.id,
      uuid,
      firstName: u.first,
      lastName: u.last,
      hospitalId: u.hospitalId,
      role: u.role,
    });
    return row.id;
  };

  for (const p of DEMO_PEOPLE) {
    await addUser({
      email: p.email,
      first: p.first_name,
      last: p.last_name,
      level: p.access_level,
      hospitalId: orgIds[p.organisation],
      role: p.role,
      speciality: p.speciality,
      features: p.features,
      premium: p.premium_features,
    });
  }

  // ~60 generated staff: most at St Elsewhere, some at Riverside and Northgate.
  const staff: string[] = [];
  const cardiologists: string[] = [];
  for (let i = 0; i < 60; i++) {
    const first = pick(rand, FIRST);
    const last = pick(rand, LAST);
    const hospitalId = i < 40 ? stE : i < 52 ? river : north;
    const domain = hospitalId === north ? 'example.net' : 'example.org';
    const email = `${first}.${last}.${i + 1}@${domain}`.toLowerCase().replace(/[^a-z0-9.@]/g, '');
    const speciality = i < 2 ? 'Cardiology' : pick(rand, SPECIALITIES);
    const role = i < 2 ? 'Consultant' : at(SAMPLE_ROLES, i % SAMPLE_ROLES.length);
    await addUser({
      email,
      first,
      last,
      level: rand() < 0.7 ? 'USER_VERIFIED' : 'USER',
      hospitalId,
      role,
      speciality,
      premium: hospitalId === stE ? premium : {},
      status: pick(rand, ['AVAILABLE', 'AVAILABLE', 'UNAVAILABLE', 'UNKNOWN']),
    });
    staff.push(email);
    if (i < 2) cardiologists.push(email);
  }
  const stEStaff = staff.filter((e) => user(ids, e).hospitalId === stE);

  await tx.query(
    `insert into invites (email, hospital_id, approved_by_id, sent_at) values ($1, $2, $3, $4)`,
    [DEMO_INVITE_EMAIL, stE, user(ids, DEMO_ACCOUNTS.networkAdmin).id, daysAgo(2)],
  );

  const addTeam = async (t: {
    name: string;
    hospitalId: number;
    members: string[];
    discoverable?: boolean;
    autoAccept?: boolean;
    publicData?: object;
    description?: string;
  }) => {
    const mimId = stableMimId(`team:${t.name}`);
    const row = await insertOne(
      tx,
      `insert into teams (mim_id, name, description, hospital_id, discoverable, auto_accept, public_data, created_by_id, created_at, modified_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) returning id`,
      [
        mimId,
        t.name,
        t.description ?? null,
        t.hospitalId,
        t.discoverable ?? false,
        t.autoAccept ?? false,
        JSON.stringify(t.publicData ?? {}),
        user(ids, at(t.members, 0)).id,
        daysAgo(90),
      ],
    );
    for (const email of new Set(t.members)) {
      await tx.query(
        'insert into team_members (team_id, user_id, created_at) values ($1, $2, $3)',
        [row.id, user(ids, email).id, daysAgo(89)],
      );
    }
    ids.rooms.set(t.name, { id: row.id, mimId, memberEmails: [...new Set(t.members)] });
    return row.id;
  };

  // Generated staff fill the named teams in order, per organisation; the advice team takes
  // the generated cardiologists.
  const staffOf = (org: number) => staff.filter((e) => user(ids, e).hospitalId === org);
  const next: Record<number, number> = { [stE]: cardiologists.length, [river]: 0, [north]: 0 };
  const teamIds = new Map<string, number>();
  for (const t of DEMO_TEAMS) {
    const org = orgIds[t.organisation];
    let filler: string[];
    if (t.name === DEMO_ADVICE_TEAM) filler = cardiologists.slice(0, t.staff);
    else {
      const from = next[org] ?? 0;
      filler = staffOf(org).slice(from, from + t.staff);
      next[org] = from + t.staff;
    }
    teamIds.set(
      t.name,
      await addTeam({
        name: t.name,
        hospitalId: org,
        members: [...t.members, ...filler],
        discoverable: t.discoverable,
        autoAccept: t.auto_accept,
        ...(t.public_data ? { publicData: t.public_data } : {}),
        ...(t.description ? { description: t.description } : {}),
      }),
    );
  }
  const cardiologyAdvice = teamIds.get(DEMO_ADVICE_TEAM) ?? 0;

  // Advice conversations from alice to Cardiology Advice: one open, two resolved (history).
  const advice = async (
    name: string,
    requestor: string,
    state: 'open' | 'resolved',
    age: number,
  ) => {
    const mimId = stableMimId(`advice:${name}`);
    const row = await insertOne(
      tx,
      `insert into advice_conversations (mim_id, team_id, requestor_id, requestor_resolved, public_team_resolved, resolver_id, created_at, modified_at)
       values ($1, $2, $3, $4, $4, $5, $6, $7) returning id`,
      [
        mimId,
        cardiologyAdvice,
        user(ids, requestor).id,
        state === 'resolved',
        state === 'resolved' ? user(ids, DEMO_ACCOUNTS.bob).id : null,
        daysAgo(age),
        daysAgo(age - 1),
      ],
    );
    ids.rooms.set(name, {
      id: row.id,
      mimId,
      memberEmails: [requestor, DEMO_ACCOUNTS.bob, ...cardiologists],
    });
  };
  for (const a of DEMO_ADVICE) {
    await advice(
      `Advice: ${a.topic.charAt(0).toLowerCase()}${a.topic.slice(1)}`,
      a.requestor ?? at(stEStaff, 30),
      a.resolved ? 'resolved' : 'open',
      a.daysAgo,
    );
  }

  // Wards, patients, patient cards with tasks.
  const wardIds: Record<number, number[]> = { [stE]: [], [river]: [], [north]: [] };
  for (const [org, names] of Object.entries(DEMO_WARDS) as [DemoOrganisation, string[]][]) {
    const hid = orgIds[org];
    for (const name of names) {
      (wardIds[hid] ??= []).push(
        (
          await insertOne(
            tx,
            'insert into wards (name, hospital_id, created_at) values ($1, $2, $3) returning id',
            [name, hid, daysAgo(300)],
          )
        ).id,
      );
    }
  }
  const ward7Team = room(ids, 'Ward 7 Team').id;
  const TASKS = [
    'Take bloods',
    'Review ECG',
    'Chase echo report',
    'Medication review',
    'Update family',
    'Physio assessment',
    'Discharge summary',
    'Repeat obs at 18:00',
    'Check potassium',
    'Book CT chest',
  ];
  const cardUsers = [DEMO_ACCOUNTS.alice, DEMO_ACCOUNTS.bob];
  for (let i = 0; i < 24; i++) {
    const hospitalId = i < 18 ? stE : i < 21 ? river : north;
    const gender = rand() < 0.5 ? 'MALE' : 'FEMALE';
    const first = pick(rand, FIRST);
    const last = pick(rand, LAST);
    const dob = `${1935 + Math.floor(rand() * 70)}-${String(1 + Math.floor(rand() * 12)).padStart(2, '0')}-${String(1 + Math.floor(rand() * 28)).padStart(2, '0')}`;
    const patient = await insertOne(
      tx,
      `insert into patients (first_name, last_name, dob, gender, patient_identificator, overview, bed, ward_id, hospital_id, created_at, modified_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) returning id`,
      [
        first,
        last,
        dob,
        gender,
        `${String(400 + i).padStart(3, '0')} ${String(100 + Math.floor(rand() * 900))} ${String(1000 + Math.floor(rand() * 9000))}`,
        pick(rand, [
          'Admitted with chest pain; troponin pending.',
          'Community-acquired pneumonia, day 3 of antibiotics.',
          'Post-op day 1, mobilising with physio.',
          'Fall at home, no fracture on X-ray.',
          'Heart failure exacerbation, on IV furosemide.',
        ]),
        `${1 + (i % 12)}`,
        pick(rand, wardIds[hospitalId] ?? []),
        hospitalId,
        daysAgo(10 - (i % 10)),
      ],
    );
    const creator =
      hospitalId === stE
        ? pick(rand, cardUsers)
        : hospitalId === river
          ? DEMO_ACCOUNTS.carol
          : DEMO_ACCOUNTS.dave;
    const card = await insertOne(
      tx,
      `insert into patient_cards (title, subtitle, patient_id, hospital_id, created_by_id, editable, created_at, modified_at)
       values ($1, $2, $3, $4, $5, true, $6, $6) returning id`,
      [
        `${first} ${last}`,
        pick(rand, SPECIALITIES),
        patient.id,
        hospitalId,
        user(ids, creator).id,
        daysAgo(10 - (i % 10)),
      ],
    );
    await tx.query('insert into patient_card_users (patient_card_id, user_id) values ($1, $2)', [
      card.id,
      user(ids, creator).id,
    ]);
    if (hospitalId === stE && i % 3 === 0) {
      await tx.query('insert into patient_card_teams (patient_card_id, team_id) values ($1, $2)', [
        card.id,
        ward7Team,
      ]);
    }
    const n = 2 + Math.floor(rand() * 3);
    for (let k = 0; k < n; k++) {
      const done = rand() < 0.35;
      await tx.query(
        `insert into tasks (patient_card_id, title, completed, completed_at, completed_by_id, "order", created_at, modified_at)
         values ($1, $2, $3, $4, $5, $6, $7, $7)`,
        [
          card.id,
          TASKS[(i + k) % TASKS.length],
          done,
          done ? daysAgo(1) : null,
          done ? user(ids, creator).id : null,
          k,
          daysAgo(5),
        ],
      );
    }
  }

  // The card the contract scenarios and the demo name (DEMO_PATIENT_CARD), created last so the
  // ids above stay.
  {
    const c = DEMO_PATIENT_CARD;
    const p = c.patient;
    const org = orgIds[p.organisation];
    const wardId = wardIds[org]?.[DEMO_WARDS[p.organisation].indexOf(p.ward)];
    const patient = await insertOne(
      tx,
      `insert into patients (first_name, last_name, dob, gender, patient_identificator, overview, bed, ward_id, hospital_id, created_at, modified_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) returning id`,
      [
        p.first_name,
        p.last_name,
        p.dob,
        p.gender,
        p.patient_identificator,
        p.overview,
        p.bed,
        wardId,
        org,
        daysAgo(1),
      ],
    );
    const card = await insertOne(
      tx,
      `insert into patient_cards (title, subtitle, patient_id, hospital_id, created_by_id, editable, created_at, modified_at)
       values ($1, $2, $3, $4, $5, true, $6, $6) returning id`,
      [c.title, c.subtitle, patient.id, org, user(ids, c.creator).id, daysAgo(1)],
    );
    for (const email of c.assignees) {
      await tx.query('insert into patient_card_users (patient_card_id, user_id) values ($1, $2)', [
        card.id,
        user(ids, email).id,
      ]);
    }
    for (const team of c.teams) {
      await tx.query('insert into patient_card_teams (patient_card_id, team_id) values ($1, $2)', [
        card.id,
        room(ids, team).id,
      ]);
    }
    for (const [order, title] of c.tasks.entries()) {
      await tx.query(
        `insert into tasks (patient_card_id, title, completed, "order", created_at, modified_at)
         values ($1, $2, false, $3, $4, $4)`,
        [card.id, title, order, daysAgo(1)],
      );
    }
  }

  // Pagers (premium feature "pagers"): three-group digit mim_ids as the spec's sample.
  for (let i = 0; i < 4; i++) {
    await tx.query(
      `insert into pagers (mim_id, name, description, hospital_id, assigned_to_id, assigned_at, created_at) values ($1, $2, $3, $4, $5, $6, $7)`,
      [
        `${100 + i * 111}-${200 + i * 37}-${300 + i * 53}`,
        `Bleep ${4400 + i}`,
        pick(rand, ['Cardiology registrar', 'Night coordinator', 'Medical SHO', 'Outreach team']),
        stE,
        i % 2 === 0 ? user(ids, at(stEStaff, i)).id : null,
        i % 2 === 0 ? daysAgo(3) : null,
        daysAgo(60),
      ],
    );
  }

  await seedAnalytics(
    tx,
    now,
    ids,
    rand,
    [room(ids, 'Ward 7 Team').id, room(ids, 'Night Shift').id],
    room(ids, 'Junior Doctors Forum').id,
  );
}

/** 30 days of logins, sessions and messages, with a working-hours rhythm, for the report. */
async function seedAnalytics(
  tx: DatabaseTx,
  now: Date,
  ids: Ids,
  rand: () => number,
  teamIds: number[],
  forumId: number,
): Promise<void> {
  const users = [...ids.users.values()];
  const rows: unknown[][] = [];
  const dayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  for (let d = 1; d <= 30; d++) {
    const base = dayStart - d * 86_400_000;
    const weekend = [0, 6].includes(new Date(base).getUTCDay());
    for (const u of users) {
      if (rand() > (weekend ? 0.3 : 0.75)) continue;
      const hour = 7 + Math.floor(rand() * 12);
      const at = new Date(base + hour * 3_600_000 + Math.floor(rand() * 3_600_000));
      rows.push(['login', at, u.id, null, null, false, false]);
      rows.push(['session_started', at, u.id, null, null, false, false]);
      const messages = Math.floor(rand() * 12);
      for (let m = 0; m < messages; m++) {
        const when = new Date(at.getTime() + Math.floor(rand() * 6 * 3_600_000));
        const toForum = rand() < 0.15;
        rows.push([
          'message_sent',
          when,
          u.id,
          toForum ? null : pick(rand, teamIds),
          toForum ? forumId : null,
          rand() < 0.05,
          rand() < 0.1,
        ]);
      }
    }
  }
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    const col = (k: number) => chunk.map((r) => r[k]);
    await tx.query(
      `insert into analytics_events (type, occurred_at, user_id, hospital_id, network_id, role, team_id, forum_id, has_patient, has_image)
       select e.type, e.at, u.id, h.id, h.network_id, u.role_description, e.team_id, e.forum_id, e.has_patient, e.has_image
         from unnest($1::text[], $2::timestamptz[], $3::int[], $4::int[], $5::int[], $6::boolean[], $7::boolean[])
              as e(type, at, user_id, team_id, forum_id, has_patient, has_image)
         join users u on u.id = e.user_id
         left join hospitals h on h.id = u.hospital_id`,
      [col(0), col(1), col(2), col(3), col(4), col(5), col(6)],
    );
  }
}
