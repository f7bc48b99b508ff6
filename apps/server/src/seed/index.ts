import {
  DEMO_ACCOUNTS,
  DEMO_ADVICE,
  DEMO_ADVICE_TEAM,
  DEMO_DUMMY_NETWORK_NAMES,
  DEMO_FORM_TEMPLATES,
  DEMO_INVITE_EMAIL,
  DEMO_NETWORKS,
  DEMO_ORGANISATIONS,
  DEMO_PATIENT_CARD,
  DEMO_PEOPLE,
  DEMO_TEAMS,
  DEMO_WARDS,
  demoAnalyticsHistory,
  generateDemoOrganisation,
  type DemoGeneratedPatient,
  type DemoOrganisation,
} from '@pando/domain/demo';
import { MOCK_NETWORKS_TOTAL } from '@pando/domain';
import type { Database, DatabaseTx } from '../db/client.js';
import { seedDemoChat } from '../xmpp/seedHistory.js';
import type { SeedChatContext } from './context.js';
import { stableMimId, stableUuid } from './random.js';

// The demo organisation is plain data in @pando/domain/demo: the named people, teams and advice,
// and the generated staff, patients, pagers and analytics around them (one seeded PRNG, so every
// seeding gets the same). This seed stores it.
export { DEMO_ACCOUNTS, DEMO_INVITE_EMAIL };

interface SeedOptions {
  now: Date;
  /** The chat server's domain (config.xmppDomain): the seeded chat history's JIDs use it. */
  xmppDomain: string;
  /**
   * The demo's dummy admin data (spec 02 §9): fill the network list to MOCK_NETWORKS_TOTAL with
   * empty networks. For the server in a page (the sales demo, Storybook); `npm start` has the
   * dataset's two networks only.
   */
  dummyNetworks?: boolean;
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
    if (options.dummyNetworks) await seedDummyNetworks(tx, options.now);
  });
  if (ids.users.size === 0) return false;
  const ctx: SeedChatContext = { db, now: options.now, users: ids.users, rooms: ids.rooms };
  // Last, after every migration (chat tables 0100+ included): the chat archive's history.
  await seedDemoChat(ctx, options.xmppDomain);
  return true;
}

/** The dummy admin data's networks (`dummyNetworks`), on their own: for tests of the demo's list. */
export async function seedDummyNetworks(tx: DatabaseTx, now: Date): Promise<void> {
  const count = Math.max(0, MOCK_NETWORKS_TOTAL - Object.keys(DEMO_NETWORKS).length);
  for (const name of DEMO_DUMMY_NETWORK_NAMES.slice(0, count)) {
    await tx.query(
      `insert into networks (uuid, name, status, features, created_at, modified_at) values ($1, $2, 'ACTIVATED', '{}', $3, $3)`,
      [stableUuid(`network:dummy:${name}`), name, new Date(now.getTime() - 200 * 86_400_000)],
    );
  }
}

/**
 * The demo with its "dummy admin data" switched off (spec 02 §9): no invitations, pagers,
 * analytics history or dummy networks; the console shows empty tables and a report of zeros.
 * The people, teams, patients and chats stay.
 */
export async function clearAdminDemoData(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    for (const table of [
      'invites',
      'pagers',
      'analytics_events',
      'analytics_daily_counts',
      'analytics_active_days',
      'analytics_daily_active',
      'analytics_hourly_active',
      'analytics_active_chain',
    ])
      await tx.query(`delete from ${table}`);
    await tx.query(
      `delete from networks n where n.name = any($1) and not exists (select 1 from hospitals h where h.network_id = n.id)`,
      [[...DEMO_DUMMY_NETWORK_NAMES]],
    );
  });
}

async function seedOrganisation(tx: DatabaseTx, now: Date, ids: Ids): Promise<void> {
  const gen = generateDemoOrganisation(now);
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

  for (const p of gen.staff) {
    await addUser({
      email: p.email,
      first: p.first_name,
      last: p.last_name,
      level: p.access_level,
      hospitalId: orgIds[p.organisation],
      role: p.role,
      speciality: p.speciality,
      premium: p.premium_features,
      status: p.status,
    });
  }

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

  const teamIds = new Map<string, number>();
  for (const t of DEMO_TEAMS) {
    teamIds.set(
      t.name,
      await addTeam({
        name: t.name,
        hospitalId: orgIds[t.organisation],
        members: [...(gen.teamMembers.get(t.name) ?? t.members)],
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
      memberEmails: [requestor, DEMO_ACCOUNTS.bob, ...gen.cardiologists],
    });
  };
  for (const [i, a] of DEMO_ADVICE.entries()) {
    await advice(
      `Advice: ${a.topic.charAt(0).toLowerCase()}${a.topic.slice(1)}`,
      at(gen.adviceRequestors, i),
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
  const wardId = (org: DemoOrganisation, ward: string) =>
    wardIds[orgIds[org]]?.[DEMO_WARDS[org].indexOf(ward)];
  /** A patient and their card, assigned to people and teams, with tasks in order. */
  const addCard = async (c: {
    patient: Omit<DemoGeneratedPatient, 'days_ago' | 'creator' | 'subtitle' | 'teams' | 'tasks'>;
    title: string;
    subtitle: string;
    creator: string;
    assignees: readonly string[];
    teams: readonly string[];
    tasks: readonly { title: string; completed: boolean }[];
    /** When the patient and card were made, and their tasks. */
    age: { card: number; tasks: number };
  }) => {
    const p = c.patient;
    const hospitalId = orgIds[p.organisation];
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
        wardId(p.organisation, p.ward),
        hospitalId,
        daysAgo(c.age.card),
      ],
    );
    const card = await insertOne(
      tx,
      `insert into patient_cards (title, subtitle, patient_id, hospital_id, created_by_id, editable, created_at, modified_at)
       values ($1, $2, $3, $4, $5, true, $6, $6) returning id`,
      [c.title, c.subtitle, patient.id, hospitalId, user(ids, c.creator).id, daysAgo(c.age.card)],
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
    for (const [order, task] of c.tasks.entries()) {
      await tx.query(
        `insert into tasks (patient_card_id, title, completed, completed_at, completed_by_id, "order", created_at, modified_at)
         values ($1, $2, $3, $4, $5, $6, $7, $7)`,
        [
          card.id,
          task.title,
          task.completed,
          task.completed ? daysAgo(1) : null,
          task.completed ? user(ids, c.creator).id : null,
          order,
          daysAgo(c.age.tasks),
        ],
      );
    }
  };
  for (const p of gen.patients) {
    await addCard({
      patient: p,
      title: `${p.first_name} ${p.last_name}`,
      subtitle: p.subtitle,
      creator: p.creator,
      assignees: [p.creator],
      teams: p.teams,
      tasks: p.tasks,
      age: { card: p.days_ago, tasks: 5 },
    });
  }
  // The card the contract scenarios and the demo name (DEMO_PATIENT_CARD), created last so the
  // ids above stay.
  await addCard({
    ...DEMO_PATIENT_CARD,
    tasks: DEMO_PATIENT_CARD.tasks.map((title) => ({ title, completed: false })),
    age: { card: 1, tasks: 1 },
  });

  // Pagers (premium feature "pagers").
  for (const p of gen.pagers) {
    await tx.query(
      `insert into pagers (mim_id, name, description, hospital_id, assigned_to_id, assigned_at, created_at) values ($1, $2, $3, $4, $5, $6, $7)`,
      [
        p.mim_id,
        p.name,
        p.description,
        orgIds[p.organisation],
        p.assigned_to ? user(ids, p.assigned_to).id : null,
        p.assigned_to ? daysAgo(3) : null,
        daysAgo(60),
      ],
    );
  }

  // The organisation's form templates (the built-in samples, by its organisation admin), so the
  // builder and the filler are not empty for a new user (issue 35).
  for (const f of DEMO_FORM_TEMPLATES) {
    const t = f.template;
    await tx.query(
      `insert into form_templates (title, description, author, version, created_by_id, trust_id, flags, controls, export_options, created_at, modified_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)`,
      [
        t.title,
        t.description,
        t.author,
        t.version,
        user(ids, f.owner).id,
        orgIds[f.organisation],
        JSON.stringify(t.flags),
        JSON.stringify(t.controls),
        JSON.stringify(t.export_options),
        daysAgo(30),
      ],
    );
  }

  // 60 days of logins, sessions and messages, for the report: its 30 days and the 30 before,
  // which its deltas compare with (issue 35: with only the last month every delta was "–").
  const rows = demoAnalyticsHistory(now, gen.analytics).map((e) => [
    e.type,
    e.at,
    user(ids, e.user).id,
    e.team === null ? null : room(ids, e.team).id,
    e.forum === null ? null : room(ids, e.forum).id,
    e.has_patient,
    e.has_image,
  ]);
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
