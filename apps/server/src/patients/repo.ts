import {
  displayName,
  cardAccess,
  cardEditableFor,
  type CardAccess,
  type CardRelation,
  cardFieldsConflict,
  mergeCardTasks,
  normalizePatientIdentifier,
  type PatientCard,
  patientAccess,
  type StoredTask,
  type TaskPayload,
  type TaskRow,
  type Ward,
} from '@pando/domain';
import type { DatabaseTx } from '../db/client.js';
import type { users } from '../db/schema/index.js';
import { containsPattern } from '../db/like.js';

/**
 * SQL of the patient area (issue 18). Who sees a card is decided by the domain's `cardAccess`
 * from four facts these queries read as they are now (creator, assigned user, current member of
 * an assigned team, shared with); the list query finds candidate cards from the viewer's side
 * (each candidate has at least one of those facts, so it is visible by that same rule). Cards
 * and lists come back as JSON text built by Postgres: PGlite decodes every field in JavaScript,
 * so one value per card (or per page) is what keeps the patient list fast.
 */

/** The four facts of `CardRelation` for card `c` and viewer `$1`, as SQL columns. */
const RELATION_SQL = `
  c.created_by_id is not distinct from $1::int as creator,
  exists(select 1 from patient_card_users pu where pu.patient_card_id = c.id and pu.user_id = $1) as assignee,
  exists(select 1 from patient_card_teams pt join team_members m on m.team_id = pt.team_id
           join teams t on t.id = pt.team_id and t.deleted_at is null
          where pt.patient_card_id = c.id and m.user_id = $1) as team_member,
  exists(select 1 from shares s
          where s.resource_type = 'patient_card' and s.resource_id = c.id and (
            (s.target_type = 'user' and s.target_id = $1)
            or (s.target_type = 'team' and exists(select 1 from team_members m where m.team_id = s.target_id and m.user_id = $1))
            or (s.target_type = 'advice_conversation' and exists(
                  select 1 from advice_conversations ac where ac.id = s.target_id
                     and (ac.requestor_id = $1 or exists(select 1 from team_members m where m.team_id = ac.team_id and m.user_id = $1)))))) as shared`;

/**
 * The cards viewer `$1` has any relation to, found from the viewer's side (each index read once),
 * with the four facts of `CardRelation` per card (the same facts RELATION_SQL reads for one card).
 */
const CANDIDATES_SQL = `
  select id, bool_or(creator) as creator, bool_or(assignee) as assignee,
         bool_or(team_member) as team_member, bool_or(shared) as shared from (
    select c.id, true as creator, false as assignee, false as team_member, false as shared
      from patient_cards c where c.created_by_id = $1
    union all
    select pu.patient_card_id, false, true, false, false
      from patient_card_users pu where pu.user_id = $1
    union all
    select pt.patient_card_id, false, false, true, false
      from team_members m
      join teams t on t.id = m.team_id and t.deleted_at is null
      join patient_card_teams pt on pt.team_id = m.team_id
     where m.user_id = $1
    union all
    select s.resource_id, false, false, false, true
      from shares s where s.resource_type = 'patient_card' and s.target_type = 'user' and s.target_id = $1
    union all
    select s.resource_id, false, false, false, true
      from team_members m
      join shares s on s.resource_type = 'patient_card' and s.target_type = 'team' and s.target_id = m.team_id
     where m.user_id = $1
    union all
    select s.resource_id, false, false, false, true from (
             select ac.id from advice_conversations ac where ac.requestor_id = $1
             union select ac.id from team_members m join advice_conversations ac on ac.team_id = m.team_id where m.user_id = $1
           ) a
      join shares s on s.resource_type = 'patient_card' and s.target_type = 'advice_conversation' and s.target_id = a.id
  ) r group by id`;

const PATIENT_JSON = `json_build_object(
  'id', p.id, 'first_name', p.first_name, 'last_name', p.last_name, 'dob', p.dob::text,
  'gender', p.gender, 'patient_identificator', p.patient_identificator, 'overview', p.overview,
  'bed', p.bed, 'ward_id', p.ward_id, 'hospital_id', p.hospital_id, 'modified_at', p.modified_at,
  'ward', case when w.id is null then null else json_build_object(
    'id', w.id, 'name', w.name, 'hospital', json_build_object('id', wh.id, 'name', wh.name)) end)`;

const PATIENT_FROM = `patients p left join wards w on w.id = p.ward_id left join hospitals wh on wh.id = w.hospital_id`;

/** One card `c` as JSON, with `relation` (SQL of its relation to the viewer). */
const cardJson = (relation: string) => `json_build_object(
  'id', c.id, 'title', c.title, 'subtitle', c.subtitle, 'patient_id', c.patient_id,
  'hospital_id', c.hospital_id, 'created_at', c.created_at, 'modified_at', c.modified_at,
  'patient', (select ${PATIENT_JSON} from ${PATIENT_FROM} where p.id = c.patient_id),
  'users', coalesce((select json_agg(json_build_object('id', u.id, 'first_name', u.first_name, 'last_name', u.last_name)
                             order by u.last_name, u.first_name, u.id)
                       from patient_card_users pu join users u on u.id = pu.user_id where pu.patient_card_id = c.id), '[]'),
  'teams', coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name) order by lower(t.name), t.id)
                       from patient_card_teams pt join teams t on t.id = pt.team_id
                      where pt.patient_card_id = c.id and t.deleted_at is null), '[]'),
  'tasks', coalesce((select json_agg(json_build_object(
                               'id', k.id, 'title', k.title, 'completed', k.completed, 'completed_at', k.completed_at,
                               'completed_by_id', k.completed_by_id, 'order', k."order", 'patient_card_id', k.patient_card_id,
                               'created_at', k.created_at, 'modified_at', k.modified_at,
                               'modified_by_id', k.modified_by_id) order by k."order", k.id)
                       from tasks k where k.patient_card_id = c.id), '[]'),
  'relation', ${relation})`;

/** One card as JSON, with its relation to viewer `$1` read for it alone. */
const CARD_JSON = cardJson(`(select json_build_object('creator', r.creator, 'assignee', r.assignee,
                                        'team_member', r.team_member, 'shared', r.shared)
                 from (select ${RELATION_SQL}) r)`);

interface RelationJson {
  creator: boolean;
  assignee: boolean;
  team_member: boolean;
  shared: boolean;
}

interface CardJson {
  id: number;
  title: string;
  subtitle: string;
  patient_id: number | null;
  hospital_id: number | null;
  created_at: string;
  modified_at: string;
  patient: PatientJson | null;
  users: { id: number; first_name: string; last_name: string }[];
  teams: { id: number; name: string }[];
  tasks: TaskRow[];
  relation: RelationJson;
}

export interface PatientJson {
  id: number;
  first_name: string;
  last_name: string;
  dob: string | null;
  gender: 'MALE' | 'FEMALE';
  patient_identificator: string | null;
  overview: string | null;
  bed: string | null;
  ward_id: number | null;
  hospital_id: number | null;
  modified_at: string;
  ward: { id: number; name: string; hospital: { id: number; name: string } } | null;
}

/** A card loaded for a viewer: its wire shape, the viewer's access and what the writes need. */
export interface LoadedCard {
  card: PatientCard;
  access: CardAccess;
  hospitalId: number | null;
  storedTasks: StoredTask[];
}

/** Postgres' JSON timestamps (`…+00:00`, microseconds) as the API's ISO strings. */
const iso = (value: string) => new Date(value).toISOString();

function relationOf(r: RelationJson): CardRelation {
  return {
    creator: r.creator,
    assignee: r.assignee,
    assignedTeamMember: r.team_member,
    sharedWith: r.shared,
  };
}

export interface CardEmbeds {
  patient: boolean;
  users: boolean;
  teams: boolean;
}

export const ALL_EMBEDS: CardEmbeds = { patient: true, users: true, teams: true };

function toLoadedCard(json: CardJson, embeds: CardEmbeds): LoadedCard {
  const access = cardAccess(relationOf(json.relation));
  const storedTasks: StoredTask[] = json.tasks.map((t) => ({
    id: t.id,
    title: t.title,
    completed: t.completed,
    completed_at: t.completed_at === null ? null : iso(t.completed_at),
    completed_by_id: t.completed_by_id,
    order: t.order,
    created_at: iso(t.created_at),
    modified_at: iso(t.modified_at),
    modified_by_id: t.modified_by_id ?? null,
  }));
  return {
    access,
    hospitalId: json.hospital_id,
    storedTasks,
    card: {
      id: json.id,
      title: json.title,
      subtitle: json.subtitle,
      patient_id: json.patient_id,
      ...(embeds.patient ? { patient: json.patient } : {}),
      users: embeds.users ? json.users : [],
      teams: embeds.teams ? json.teams : [],
      tasks: storedTasks.map(({ modified_by_id: _, ...t }) => ({ ...t, patient_card_id: json.id })),
      created_at: iso(json.created_at),
      modified_at: iso(json.modified_at),
      editable: cardEditableFor(access),
    },
  };
}

/** A card as `viewerId` may see it, or undefined (missing, deleted, or not theirs to see). */
export async function loadCard(
  db: DatabaseTx,
  viewerId: number,
  cardId: number,
  embeds: CardEmbeds = ALL_EMBEDS,
  lock = false,
  /** Answer even when the viewer no longer sees it (right after they unassigned themselves). */
  evenWithoutAccess = false,
): Promise<LoadedCard | undefined> {
  if (lock) {
    // Two saves of one card run one after the other, each merging into what the other stored.
    await db.query('select id from patient_cards where id = $1 for update', [cardId]);
  }
  const r = await db.query<{ card: string }>(
    `select ${CARD_JSON}::text as card from patient_cards c where c.id = $2 and c.deleted_at is null`,
    [viewerId, cardId],
  );
  const row = r.rows[0];
  if (!row) return undefined;
  const loaded = toLoadedCard(JSON.parse(row.card) as CardJson, embeds);
  return loaded.access === 'none' && !evenWithoutAccess ? undefined : loaded;
}

/**
 * The viewer's cards, newest first (spec 01 §2 default sort), at most `limit`. `search` finds a
 * card by its patient's name (either order) or identifier (spaces ignored).
 */
export async function listCards(
  db: DatabaseTx,
  viewerId: number,
  opts: { limit: number; search?: string | undefined; embeds: CardEmbeds },
): Promise<{ cards: PatientCard[]; deps: { users: Set<number>; teams: Set<number> } }> {
  const term = opts.search?.trim() ? opts.search.trim() : null;
  const r = await db.query<{ cards: string; teams: string }>(
    // The page is chosen first (ids and dates only); the JSON is built for its cards alone.
    `with page as (
       select c.*, v.creator, v.assignee, v.team_member, v.shared
         from (${CANDIDATES_SQL}) v join patient_cards c on c.id = v.id
        where c.deleted_at is null
          and ($3::text is null or exists(
                select 1 from patients p where p.id = c.patient_id and (
                  lower(p.first_name || ' ' || p.last_name) like $3
                  or lower(p.last_name || ' ' || p.first_name) like $3
                  or lower(regexp_replace(coalesce(p.patient_identificator, ''), '\\s', '', 'g')) like $4)))
        order by c.created_at desc, c.id desc
        limit $2)
     select coalesce(json_agg(${cardJson(`json_build_object('creator', c.creator, 'assignee', c.assignee,
                'team_member', c.team_member, 'shared', c.shared)`)} order by c.created_at desc, c.id desc), '[]')::text as cards,
            (select coalesce(json_agg(m.team_id), '[]') from team_members m where m.user_id = $1)::text as teams
       from page c`,
    [
      viewerId,
      opts.limit,
      term === null ? null : containsPattern(term),
      term === null ? null : containsPattern(term.replace(/\s+/g, '')),
    ],
  );
  const cards = JSON.parse(r.rows[0]?.cards ?? '[]') as CardJson[];
  // What the answer shows, for the response cache (src/patients/cache.ts): the viewer's teams
  // (a card assigned or shared to one of them appears), the teams and people on the cards.
  const teams = new Set(JSON.parse(r.rows[0]?.teams ?? '[]') as number[]);
  const users = new Set<number>([viewerId]);
  for (const c of cards) {
    for (const t of c.teams) teams.add(t.id);
    for (const u of c.users) users.add(u.id);
  }
  return {
    cards: cards
      .map((c) => toLoadedCard(c, opts.embeds))
      .filter((c) => c.access !== 'none')
      .map((c) => c.card),
    deps: { users, teams },
  };
}

/** Tasks of the viewer's cards (GET /tasks-multiple-reassign), by card (newest first), then order. */
export async function listTasks(
  db: DatabaseTx,
  viewerId: number,
  filter: { completed?: boolean; offset: number; limit: number; cardId?: number },
): Promise<TaskRow[]> {
  const r = await db.query<{ tasks: string }>(
    `select coalesce(json_agg(x order by x.card_created desc, x.patient_card_id desc, x."order", x.id), '[]')::text as tasks from (
       select k.id, k.title, k.completed, k.completed_at, k.completed_by_id, k."order", k.patient_card_id,
              k.created_at, k.modified_at, c.created_at as card_created
         from patient_cards c join (${CANDIDATES_SQL}) v on v.id = c.id
         join tasks k on k.patient_card_id = c.id
        where c.deleted_at is null
          and ($2::boolean is null or k.completed = $2)
          and ($3::int is null or c.id = $3)
        order by c.created_at desc, c.id desc, k."order", k.id
        offset $4 limit $5) x`,
    [viewerId, filter.completed ?? null, filter.cardId ?? null, filter.offset, filter.limit],
  );
  return (JSON.parse(r.rows[0]?.tasks ?? '[]') as (TaskRow & { card_created?: string })[]).map(
    ({ card_created: _, ...t }) => ({
      ...t,
      completed_at: t.completed_at === null ? null : iso(t.completed_at),
      created_at: iso(t.created_at),
      modified_at: iso(t.modified_at),
    }),
  );
}

/** A patient as `viewerId` may see them (through any of their cards), with that access. */
export async function loadPatient(
  db: DatabaseTx,
  viewerId: number,
  patientId: number,
): Promise<{ patient: PatientJson; access: CardAccess } | undefined> {
  const r = await db.query<{ patient: string; relations: string }>(
    `select ${PATIENT_JSON}::text as patient,
            coalesce((select json_agg(json_build_object('creator', x.creator, 'assignee', x.assignee,
                                                        'team_member', x.team_member, 'shared', x.shared))
                        from (select ${RELATION_SQL} from patient_cards c
                               where c.patient_id = p.id and c.deleted_at is null) x), '[]')::text as relations
       from ${PATIENT_FROM} where p.id = $2`,
    [viewerId, patientId],
  );
  const row = r.rows[0];
  if (!row) return undefined;
  const access = patientAccess(
    (JSON.parse(row.relations) as RelationJson[]).map((x) => cardAccess(relationOf(x))),
  );
  if (access === 'none') return undefined;
  return { patient: JSON.parse(row.patient) as PatientJson, access };
}

export interface NewCard {
  title: string;
  subtitle: string;
  creatorId: number;
  hospitalId: number | null;
  users: readonly number[];
  teams: readonly number[];
  withEmptyTask: boolean;
  now: Date;
}

/** Creates the card and its (empty) patient in the creator's organisation; returns the card id. */
export async function insertCard(tx: DatabaseTx, input: NewCard): Promise<number> {
  const patient = await tx.query<{ id: number }>(
    `insert into patients (hospital_id, created_at, modified_at) values ($1, $2, $2) returning id`,
    [input.hospitalId, input.now],
  );
  const card = await tx.query<{ id: number }>(
    `insert into patient_cards (title, subtitle, patient_id, hospital_id, created_by_id, created_at, modified_at)
     values ($1, $2, $3, $4, $5, $6, $6) returning id`,
    [
      input.title,
      input.subtitle,
      patient.rows[0]?.id,
      input.hospitalId,
      input.creatorId,
      input.now,
    ],
  );
  const id = card.rows[0]?.id;
  if (id === undefined) throw new Error('card insert returned no id');
  await replaceAssignees(tx, id, input.users, input.teams);
  if (input.withEmptyTask) {
    await tx.query(
      `insert into tasks (patient_card_id, title, "order", created_at, modified_at) values ($1, '', 0, $2, $2)`,
      [id, input.now],
    );
  }
  return id;
}

export async function replaceAssignees(
  tx: DatabaseTx,
  cardId: number,
  users: readonly number[],
  teams: readonly number[],
): Promise<void> {
  await tx.query('delete from patient_card_users where patient_card_id = $1', [cardId]);
  await tx.query('delete from patient_card_teams where patient_card_id = $1', [cardId]);
  await tx.query(
    `insert into patient_card_users (patient_card_id, user_id)
     select $1, u from unnest($2::int[]) u on conflict do nothing`,
    [cardId, [...new Set(users)]],
  );
  await tx.query(
    `insert into patient_card_teams (patient_card_id, team_id)
     select $1, t from unnest($2::int[]) t on conflict do nothing`,
    [cardId, [...new Set(teams)]],
  );
}

/**
 * Saves a card PUT: title and subtitle as sent, the tasks through the domain's merge rule
 * (`mergeCardTasks`). Returns how many tasks the save completed.
 */
export async function saveCard(
  tx: DatabaseTx,
  loaded: LoadedCard,
  input: {
    title?: string | undefined;
    subtitle?: string | undefined;
    tasks?: TaskPayload[] | undefined;
    base?: string | undefined;
  },
  callerId: number,
  now: Date,
): Promise<{ completedNow: number; conflict: boolean }> {
  const id = loaded.card.id;
  const base = input.base ?? null;
  const plan = input.tasks
    ? mergeCardTasks({ stored: loaded.storedTasks, incoming: input.tasks, base, callerId, now })
    : undefined;
  // A change made on a stale copy (issue 35): nothing is saved, the route answers 409.
  if ((plan?.conflicts.length ?? 0) > 0 || cardFieldsConflict(loaded.card, input, base))
    return { completedNow: 0, conflict: true };
  await tx.query(
    `update patient_cards set title = coalesce($2, title), subtitle = coalesce($3, subtitle), modified_at = $4 where id = $1`,
    [id, input.title ?? null, input.subtitle ?? null, now],
  );
  if (!plan) return { completedNow: 0, conflict: false };
  if (plan.delete.length > 0) {
    await tx.query('delete from tasks where patient_card_id = $1 and id = any($2::int[])', [
      id,
      plan.delete,
    ]);
  }
  for (const t of plan.update) {
    await tx.query(
      `update tasks set title = $3, completed = $4, completed_at = $5, completed_by_id = $6, "order" = $7,
              modified_at = $8, modified_by_id = $9
        where id = $1 and patient_card_id = $2`,
      [t.id, id, t.title, t.completed, t.completed_at, t.completed_by_id, t.order, now, callerId],
    );
  }
  if (plan.create.length > 0) {
    await tx.query(
      `insert into tasks (patient_card_id, title, completed, completed_at, completed_by_id, "order", created_at, modified_at, modified_by_id)
       select $1, t.title, t.completed, t.completed_at, t.completed_by_id, t.ord, $7, $7, $8
         from unnest($2::text[], $3::boolean[], $4::timestamptz[], $5::int[], $6::int[])
              as t(title, completed, completed_at, completed_by_id, ord)`,
      [
        id,
        plan.create.map((t) => t.title),
        plan.create.map((t) => t.completed),
        plan.create.map((t) => t.completed_at),
        plan.create.map((t) => t.completed_by_id),
        plan.create.map((t) => t.order),
        now,
        callerId,
      ],
    );
  }
  return { completedNow: plan.completedNow, conflict: false };
}

/** The editable fields of a patient, as PUT /patients/{id} sends them (ward 0 = none). */
export interface PatientChanges {
  first_name?: string | undefined;
  last_name?: string | undefined;
  dob?: string | null | undefined;
  gender?: 'MALE' | 'FEMALE' | undefined;
  patient_identificator?: string | null | undefined;
  overview?: string | null | undefined;
  bed?: string | null | undefined;
  ward_id?: number | null | undefined;
}

/** Whether the ward belongs to the patient's organisation (spec 01 §5: "from the hospital's wards"). */
export async function wardOfHospital(
  db: DatabaseTx,
  wardId: number,
  hospitalId: number | null,
): Promise<boolean> {
  const r = await db.query<{ ok: boolean }>(
    'select exists(select 1 from wards where id = $1 and hospital_id = $2) as ok',
    [wardId, hospitalId],
  );
  return r.rows[0]?.ok === true;
}

/** Whether another patient of the organisation already has the identifier (same key as the index). */
export async function identifierTaken(
  db: DatabaseTx,
  patientId: number,
  hospitalId: number | null,
  identifier: string,
): Promise<boolean> {
  const r = await db.query<{ taken: boolean }>(
    `select exists(select 1 from patients where id <> $1 and hospital_id is not distinct from $2
       and patient_identificator is not null
       and lower(regexp_replace(patient_identificator, '\\s', '', 'g')) = lower(regexp_replace($3, '\\s', '', 'g'))) as taken`,
    [patientId, hospitalId, identifier],
  );
  return r.rows[0]?.taken === true;
}

const PATIENT_COLUMNS = {
  first_name: 'first_name',
  last_name: 'last_name',
  dob: 'dob',
  gender: 'gender',
  patient_identificator: 'patient_identificator',
  overview: 'overview',
  bed: 'bed',
  ward_id: 'ward_id',
} as const satisfies Record<keyof PatientChanges, string>;

export async function updatePatient(
  tx: DatabaseTx,
  patientId: number,
  changes: PatientChanges,
  now: Date,
): Promise<void> {
  const sets: string[] = [];
  const values: unknown[] = [patientId, now];
  for (const [field, column] of Object.entries(PATIENT_COLUMNS) as [
    keyof PatientChanges,
    string,
  ][]) {
    if (changes[field] === undefined) continue;
    let value = changes[field];
    if (field === 'patient_identificator')
      value = normalizePatientIdentifier(value as string | null);
    values.push(value);
    sets.push(`${column} = $${values.length}`);
  }
  await tx.query(
    `update patients set ${[...sets, 'modified_at = $2'].join(', ')} where id = $1`,
    values,
  );
  await tx.query('update patient_cards set modified_at = $2 where patient_id = $1', [
    patientId,
    now,
  ]);
}

/** Shares a card READ into a chat target (the shares table, as images and files are shared). */
export async function addCardShare(
  db: DatabaseTx,
  cardId: number,
  target: 'user' | 'team' | 'advice_conversation',
  targetId: number,
  sharerId: number,
  now: Date,
): Promise<void> {
  await db.query(
    `insert into shares (resource_type, resource_id, target_type, target_id, access_type, shared_by_id, created_at)
     values ('patient_card', $1, $2, $3, 'READ', $4, $5) on conflict do nothing`,
    [cardId, target, targetId, sharerId, now],
  );
}

/** A team `callerId` is a member of, with its forum flags; undefined otherwise. */
export async function memberTeam(
  db: DatabaseTx,
  callerId: number,
  teamId: number,
): Promise<{ discoverable: boolean; auto_accept: boolean } | undefined> {
  const r = await db.query<{ discoverable: boolean; auto_accept: boolean }>(
    `select t.discoverable, t.auto_accept from teams t join team_members m on m.team_id = t.id
      where t.id = $1 and m.user_id = $2 and t.deleted_at is null`,
    [teamId, callerId],
  );
  return r.rows[0];
}

/** The patient of a card (undefined when there is no such card). */
export async function cardPatientId(db: DatabaseTx, cardId: number): Promise<number | undefined> {
  const r = await db.query<{ patient_id: number }>(
    'select patient_id from patient_cards where id = $1',
    [cardId],
  );
  return r.rows[0]?.patient_id;
}

/** Marks a card deleted (kept for the record, gone for everyone). */
export async function deleteCard(tx: DatabaseTx, cardId: number, now: Date): Promise<void> {
  await tx.query('update patient_cards set deleted_at = $2, modified_at = $2 where id = $1', [
    cardId,
    now,
  ]);
}

/** Stamps a card as changed at `now`. */
export async function touchCard(tx: DatabaseTx, cardId: number, now: Date): Promise<void> {
  await tx.query('update patient_cards set modified_at = $2 where id = $1', [cardId, now]);
}

/** The ids of a patient's cards (deleted ones too). */
export async function cardIdsOfPatient(db: DatabaseTx, patientId: number): Promise<number[]> {
  const r = await db.query<{ id: number }>('select id from patient_cards where patient_id = $1', [
    patientId,
  ]);
  return r.rows.map((c) => c.id);
}

/** The names of the users with these ids, by id, as people are named everywhere (`displayName`). */
export async function userNames(
  db: DatabaseTx,
  ids: readonly number[],
): Promise<Map<number, string>> {
  const r = await db.query<
    Pick<typeof users.$inferSelect, 'id' | 'first_name' | 'last_name' | 'email'>
  >('select id, first_name, last_name, email from users where id = any($1::int[])', [ids]);
  return new Map(r.rows.map((u) => [u.id, displayName(u)]));
}

/**
 * Wards of the caller's hospital and of the hospitals of their network whose hospital name
 * contains `search`, by name.
 */
export async function searchWards(
  db: DatabaseTx,
  hospitalId: number | null,
  networkId: number | null,
  search: string,
): Promise<Ward[]> {
  const r = await db.query<{ results: string }>(
    `select coalesce(json_agg(json_build_object('id', w.id, 'name', w.name,
              'hospital', json_build_object('id', h.id, 'name', h.name)) order by lower(w.name), w.id), '[]')::text as results
       from wards w join hospitals h on h.id = w.hospital_id
      where (h.id = $1::int or ($2::int is not null and h.network_id = $2::int))
        and not h.deleted
        and strpos(lower(h.name), lower($3)) > 0`,
    [hospitalId, networkId, search],
  );
  return JSON.parse(r.rows[0]?.results ?? '[]') as Ward[];
}
