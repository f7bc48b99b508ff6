import { auditChange, auditNote } from '../audit/hooks.js';
import fsp from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BinaryResponseSchema,
  canSeePatientList,
  FEATURE_NOT_ENABLED,
  CARD_IMAGES_LIMIT,
  CardExportQuerySchema,
  CardShareQuerySchema,
  cardShareRefusal,
  type CardShareTarget,
  formatCardSummary,
  HospitalSchema,
  IdParamSchema,
  ifMatchVersion,
  ImageListResponseSchema,
  ImageMetaSchema,
  isForum,
  isStaleVersion,
  MessageResponseSchema,
  NoBodySchema,
  normalizePatientIdentifier,
  PATIENT_CARD_CREATED_EVENT,
  PATIENT_IDENTIFIER_TAKEN,
  PATIENT_IDENTIFIER_TAKEN_MESSAGE,
  PATIENT_IMAGE_UPLOADED_EVENT,
  PatientCardCreateQuerySchema,
  PatientCardCreateSchema,
  PatientCardListQuerySchema,
  PatientCardQuerySchema,
  PatientCardSchema,
  PatientCardUpdateSchema,
  PatientImagesQuerySchema,
  PatientImageUploadFieldsSchema,
  PatientSchema,
  PatientUpdateSchema,
  ReassignBodySchema,
  resultsOf,
  ShareBodySchema,
  ShareParamSchema,
  ShareResponseSchema,
  TASK_COMPLETED_EVENT,
  TaskListQuerySchema,
  TaskSchema,
  TEXTS,
  ThumbnailQuerySchema,
  wardIdForSave,
  WardsQuerySchema,
  WardsResponseSchema,
} from '@pando/domain';
import { recordEvent } from '../analytics/record.js';
import { callerOf, loaded, scoped, SELF } from '../authz/access.js';
import type { DatabaseTx } from '../db/client.js';
import { HttpError, notFound, parseInput, badField } from '../http/errors.js';
import { cachedJson } from '../http/responseCache.js';
import { ERROR_RESPONSES, multipartBody } from '../http/routeShape.js';
import { editConflict, lockAtVersion, versionOf } from '../http/versions.js';
import { adviceShareFacts, canShareTo, type ShareTarget } from '../uploads/access.js';
import {
  detectType,
  discard,
  newUploadKey,
  processImage,
  receiveUpload,
  registerUploadScope,
  safeFilename,
  sendStored,
} from '../uploads/safety.js';
import type { UploadStore } from '../uploads/store.js';
import { createUploadStore } from '../uploads/routes.js';
import type { UserRecord } from '../users/repo.js';
import { cardEmbeds, PATIENT_IMAGE_COLUMNS, type PatientImageRecord } from './access.js';
import { announceCardChange, cardAudience } from './cache.js';
import { sendImageList } from './imageList.js';
import {
  ALL_EMBEDS,
  addCardShare,
  identifierTaken,
  insertCard,
  listCards,
  listTasks,
  loadCard,
  loadPatient,
  replaceAssignees,
  saveCard,
  updatePatient,
  wardOfHospital,
} from './repo.js';

const CARD_RESPONSE = { 200: PatientCardSchema, ...ERROR_RESPONSES };
const DOWNLOAD = {
  description: 'The image bytes, with Content-Type and Content-Disposition naming the file',
  content: { 'application/octet-stream': { schema: BinaryResponseSchema } },
};

/**
 * Spec 01 §6: the patient list needs the premium feature patient_cards. Decision: the flag gates
 * the list and creating cards; a card assigned or shared to someone without it still opens by id
 * (a card shared into a chat must open for everyone in it).
 */
function requirePatientList(user: UserRecord): void {
  if (!canSeePatientList(user))
    throw new HttpError(
      403,
      'Patient cards are not enabled for you.',
      undefined,
      FEATURE_NOT_ENABLED,
    );
}

/** Whether `userId` is a person the caller may assign or share with (their network, not blocked). */
async function reachableUser(db: DatabaseTx, caller: UserRecord, userId: number) {
  return canShareTo(db, caller, 'user', userId);
}

/** A team the caller is a member of, with its forum flags; undefined otherwise. */
async function memberTeam(db: DatabaseTx, callerId: number, teamId: number) {
  const r = await db.query<{ discoverable: boolean; auto_accept: boolean }>(
    `select t.discoverable, t.auto_accept from teams t join team_members m on m.team_id = t.id
      where t.id = $1 and m.user_id = $2 and t.deleted_at is null`,
    [teamId, callerId],
  );
  return r.rows[0];
}

/**
 * Checks the assignees a caller adds to a card: people of their network and teams they are a
 * member of, never a forum (patients are not shared into forums, spec 01 §5). Assignees the card
 * already has may stay. A bad one is a 400 naming it (`users.1`).
 */
async function checkNewAssignees(
  db: DatabaseTx,
  caller: UserRecord,
  wanted: { users: readonly number[]; teams: readonly number[] },
  already: { users: readonly number[]; teams: readonly number[] },
) {
  for (const [i, id] of wanted.users.entries()) {
    if (already.users.includes(id) || id === caller.id) continue;
    if (!(await reachableUser(db, caller, id))) throw badField(`users.${i}`, `unknown user ${id}`);
  }
  for (const [i, id] of wanted.teams.entries()) {
    if (already.teams.includes(id)) continue;
    const team = await memberTeam(db, caller.id, id);
    if (!team) throw badField(`teams.${i}`, `unknown team ${id}`);
    if (isForum(team)) throw new HttpError(403, TEXTS.cannotSharePatientInForum);
  }
}

/**
 * Patient cards, tasks, patients, hospitals, wards and patient images (spec 01 §7; issue 18),
 * under /api/v4. Who may act on a card or patient is route config (src/patients/access.ts,
 * read by the authentication scope's guards and the generated authorization test).
 */
export default function patientRoutes(
  app: FastifyInstance,
  opts: { store?: UploadStore },
  done: (err?: Error) => void,
): void {
  const store = opts.store ?? createUploadStore(app.config.dataDir);
  // Multipart uploads, and the sandbox CSP on every download (issue 36: it was missing here).
  registerUploadScope(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The card as its caller sees it now (after a write, inside or outside the transaction). */
  async function cardFor(db: DatabaseTx, viewerId: number, cardId: number, embed?: string) {
    const card = await loadCard(db, viewerId, cardId, cardEmbeds(embed));
    if (!card) throw notFound('Patient card');
    return card.card;
  }

  // ---- Patient cards ----

  r.get(
    '/cards-multiple-reassign',
    {
      schema: {
        querystring: PatientCardListQuerySchema,
        response: { 200: resultsOf(PatientCardSchema), ...ERROR_RESPONSES },
      },
      config: {
        access: SELF,
        audit: { action: 'card_list.read', resource: 'card_list', id: null, read: true },
      },
    },
    async (req, reply) => {
      const { user } = callerOf(req);
      requirePatientList(user);
      // From the response cache: forgotten at once by cards:changed, team:changed and
      // user:changed (apps/server/README.md "Patients").
      return cachedJson(app, reply, user.id, `cards\u0000${req.url}`, async () => {
        const { cards, deps } = await listCards(app.db, user.id, {
          limit: req.query.limit,
          search: req.query.search,
          embeds: cardEmbeds(req.query.embed),
        });
        return { value: { results: cards }, deps };
      });
    },
  );

  /**
   * Creates a card and its patient (empty, in the creator's organisation). The creator is
   * assigned with the assignee of the query (a person of their network, or a team they are in);
   * `with_empty_task=true` adds one untitled open task to fill in.
   */
  r.post(
    '/cards-multiple-reassign',
    {
      schema: {
        querystring: PatientCardCreateQuerySchema,
        body: PatientCardCreateSchema,
        response: { 201: PatientCardSchema, ...ERROR_RESPONSES },
      },
      config: {
        access: SELF,
        audit: { action: 'card.create', resource: 'card', change: true, id: null },
      },
    },
    async (req, reply) => {
      const { user } = callerOf(req);
      requirePatientList(user);
      const { assignee, assignee_id: assigneeId, with_empty_task: withEmptyTask } = req.query;
      const users = [user.id];
      const teams: number[] = [];
      if (assigneeId !== undefined) {
        if (assignee === 'users') {
          if (assigneeId !== user.id && !(await reachableUser(app.db, user, assigneeId)))
            throw badField('assignee_id', `unknown user ${assigneeId}`);
          users.push(assigneeId);
        } else {
          const team = await memberTeam(app.db, user.id, assigneeId);
          if (!team) throw badField('assignee_id', `unknown team ${assigneeId}`);
          if (isForum(team)) throw new HttpError(403, TEXTS.cannotSharePatientInForum);
          teams.push(assigneeId);
        }
      }
      const now = app.config.now();
      const id = await app.db.transaction(async (tx) => {
        const cardId = await insertCard(tx, {
          title: req.body.title,
          subtitle: req.body.subtitle,
          creatorId: user.id,
          hospitalId: user.hospital_id,
          users,
          teams,
          withEmptyTask: withEmptyTask === 'true',
          now,
        });
        await recordEvent(tx, {
          type: PATIENT_CARD_CREATED_EVENT,
          at: now,
          userId: user.id,
          hasPatient: true,
          data: { card_id: cardId },
        });
        const made = await tx.query<{ patient_id: number }>(
          'select patient_id from patient_cards where id = $1',
          [cardId],
        );
        await auditChange(req, tx, { resourceId: cardId, patientId: made.rows[0]?.patient_id });
        return cardId;
      });
      announceCardChange(app, await cardAudience(app.db, [id]));
      reply.code(201);
      return cardFor(app.db, user.id, id, 'patient,users,teams');
    },
  );

  r.get(
    '/cards-multiple-reassign/:id',
    {
      schema: {
        params: IdParamSchema,
        querystring: PatientCardQuerySchema,
        response: CARD_RESPONSE,
      },
      config: {
        access: scoped('card:viewer'),
        audit: { action: 'card.read', resource: 'card', read: true },
      },
    },
    (req) => Promise.resolve(loaded(req, 'card').card),
  );

  /**
   * Saves title, subtitle and tasks. Two saves of one card run one after the other (the card row
   * is locked), each merged into what is stored by the domain's rule (`mergeCardTasks`,
   * apps/server/README.md "Patients").
   */
  r.put(
    '/cards-multiple-reassign/:id',
    {
      schema: { params: IdParamSchema, body: PatientCardUpdateSchema, response: CARD_RESPONSE },
      config: {
        access: scoped('card:editor'),
        audit: { action: 'card.update', resource: 'card', change: true },
      },
    },
    async (req) => {
      const { user } = callerOf(req);
      const id = req.params.id;
      const completedNow = await app.db.transaction(async (tx) => {
        const current = await loadCard(tx, user.id, id, undefined, true);
        if (!current) throw notFound('Patient card');
        // Read once the card is locked, and never before the card's last save: the merge rule
        // compares these times, so saves must be stamped in the order they were merged.
        const now = new Date(
          Math.max(app.config.now().getTime(), Date.parse(current.card.modified_at)),
        );
        // If-Match (API clients): any change since that version refuses the save (issue 35).
        if (isStaleVersion(current.card.modified_at, ifMatchVersion(req.headers['if-match'])))
          throw editConflict();
        const { completedNow, conflict } = await saveCard(
          tx,
          current,
          {
            title: req.body.title,
            subtitle: req.body.subtitle,
            tasks: req.body.tasks,
            base: req.body.modified_at,
          },
          user.id,
          now,
        );
        // The body's modified_at: a change of what someone else changed since (tasks, title).
        if (conflict) throw editConflict();
        for (let i = 0; i < completedNow; i++) {
          await recordEvent(tx, {
            type: TASK_COMPLETED_EVENT,
            at: now,
            userId: user.id,
            hasPatient: true,
            data: { card_id: id },
          });
        }
        await auditChange(req, tx);
        return completedNow;
      });
      req.log.debug({ cardId: id, completedNow }, 'card saved');
      announceCardChange(app, await cardAudience(app.db, [id]));
      return cardFor(app.db, user.id, id, 'patient,users,teams');
    },
  );

  /** Decision: a deleted card is kept (deleted_at) for the record, and gone for everyone. */
  r.delete(
    '/cards-multiple-reassign/:id',
    {
      schema: {
        params: IdParamSchema,
        querystring: z.object({}),
        response: { 204: z.null().describe('Deleted'), ...ERROR_RESPONSES },
      },
      config: {
        access: scoped('card:editor'),
        audit: { action: 'card.delete', resource: 'card', change: true },
      },
    },
    async (req, reply) => {
      await app.db.transaction(async (tx) => {
        await tx.query('update patient_cards set deleted_at = $2, modified_at = $2 where id = $1', [
          req.params.id,
          app.config.now(),
        ]);
        await auditChange(req, tx);
      });
      announceCardChange(app, await cardAudience(app.db, [req.params.id]));
      return reply.code(204).send(null);
    },
  );

  /** Sets the card's assignees (users and teams). Whoever is no longer assigned loses access at once. */
  r.put(
    '/cards-multiple-reassign/:id/reassign',
    {
      schema: { params: IdParamSchema, body: ReassignBodySchema, response: CARD_RESPONSE },
      config: {
        access: scoped('card:editor'),
        audit: { action: 'card.reassign', resource: 'card', change: true },
      },
    },
    async (req) => {
      const { user } = callerOf(req);
      const card = loaded(req, 'card');
      const already = {
        users: card.card.users.map((u) => u.id),
        teams: card.card.teams.map((t) => t.id),
      };
      // The guard loaded the card without embeds when none were asked for: read them now.
      const full = await loadCard(app.db, user.id, card.card.id);
      if (full) {
        already.users = full.card.users.map((u) => u.id);
        already.teams = full.card.teams.map((t) => t.id);
      }
      await checkNewAssignees(app.db, user, req.body, already);
      const now = app.config.now();
      const before = await cardAudience(app.db, [card.card.id]);
      await app.db.transaction(async (tx) => {
        await replaceAssignees(tx, card.card.id, req.body.users, req.body.teams);
        await tx.query('update patient_cards set modified_at = $2 where id = $1', [
          card.card.id,
          now,
        ]);
        await auditChange(req, tx, {
          detail: { users: req.body.users, teams: req.body.teams },
        });
      });
      // Those who lost the card and those who gained it.
      announceCardChange(app, before, await cardAudience(app.db, [card.card.id]));
      // The caller may have unassigned themselves: the save worked, so they get the card as
      // saved, `editable: false`, and lose it from then on.
      const saved = await loadCard(app.db, user.id, card.card.id, ALL_EMBEDS, false, true);
      if (!saved) throw notFound('Patient card');
      return saved.card;
    },
  );

  /** POST /cards/{id}/export-to-email?timezone=: the card's summary mailed to the caller. */
  r.post(
    '/cards/:id/export-to-email',
    {
      schema: {
        params: IdParamSchema,
        querystring: CardExportQuerySchema,
        body: NoBodySchema,
        response: { 200: MessageResponseSchema, ...ERROR_RESPONSES },
      },
      // Recorded before the answer leaves (no database change to share a transaction with).
      config: {
        access: scoped('card:viewer'),
        audit: { action: 'card.email', resource: 'card', change: true },
      },
    },
    async (req) => {
      const { user } = callerOf(req);
      auditNote(req, { detail: { recipient: user.email } });
      const card = await cardFor(app.db, user.id, req.params.id, 'patient,users,teams');
      const ids = [
        ...new Set(card.tasks.map((t) => t.completed_by_id).filter((x): x is number => x != null)),
      ];
      const names = new Map(
        (
          await app.db.query<{ id: number; name: string }>(
            `select id, trim(first_name || ' ' || last_name) as name from users where id = any($1::int[])`,
            [ids],
          )
        ).rows.map((u) => [u.id, u.name]),
      );
      const text = formatCardSummary(card, {
        timeZone: req.query.timezone,
        nameOf: (id) => names.get(id),
      });
      try {
        await app.mailer.send({
          to: user.email,
          subject: `${app.config.productName}: patient card ${card.title}`,
          text,
        });
      } catch (err) {
        req.log.error({ err }, 'patient card export mail failed');
        throw new HttpError(502, 'The email could not be sent. Please try again.');
      }
      return { message: `Email sent to ${user.email}` };
    },
  );

  // ---- Sharing a card into a chat (access_type READ) ----

  async function share(
    req: FastifyRequest<{ Params: { id: number; targetId: number } }>,
    target: ShareTarget,
  ) {
    const { user } = callerOf(req);
    const card = loaded(req, 'card');
    const { targetId } = req.params;
    const facts: CardShareTarget =
      target === 'team'
        ? await memberTeam(app.db, user.id, targetId).then((t) => ({
            kind: 'team' as const,
            member: t !== undefined,
            forum: t !== undefined && isForum(t),
          }))
        : target === 'user'
          ? { kind: 'user', reachable: await canShareTo(app.db, user, 'user', targetId) }
          : {
              kind: 'advice',
              ...(await adviceShareFacts(app.db, user, targetId)),
            };
    const refusal = cardShareRefusal(facts);
    if (refusal === 'forum') throw new HttpError(403, TEXTS.cannotSharePatientInForum);
    if (refusal === 'advice-closed') throw new HttpError(409, TEXTS.adviceClosedWrite);
    if (refusal === 'target-not-found')
      throw notFound(
        target === 'user' ? 'User' : target === 'team' ? 'Team' : 'Advice conversation',
      );
    await app.db.transaction(async (tx) => {
      await addCardShare(tx, card.card.id, target, targetId, user.id, app.config.now());
      await auditChange(req, tx, { detail: { target, target_id: targetId } });
    });
    announceCardChange(app, await cardAudience(app.db, [card.card.id]));
    return { id: card.card.id, access_type: 'READ' as const };
  }

  const SHARE_AUDIT = { action: 'card.share', resource: 'card', change: true } as const;
  const shareSchema = {
    params: ShareParamSchema,
    body: ShareBodySchema,
    response: { 200: ShareResponseSchema, ...ERROR_RESPONSES },
  };
  r.post(
    '/cards-multiple-reassign/:id/share/users/:targetId',
    { schema: shareSchema, config: { access: scoped('card:editor'), audit: SHARE_AUDIT } },
    async (req) => share(req, 'user'),
  );
  r.post(
    '/cards-multiple-reassign/:id/share/teams/:targetId',
    { schema: shareSchema, config: { access: scoped('card:editor'), audit: SHARE_AUDIT } },
    async (req) => share(req, 'team'),
  );
  r.post(
    '/cards-multiple-reassign/:id/share/advice-conversation/:targetId',
    { schema: shareSchema, config: { access: scoped('card:editor'), audit: SHARE_AUDIT } },
    async (req) => share(req, 'advice_conversation'),
  );
  /**
   * The spec's other reading issues the advice share as a GET (spec 01 §7). A write behind a GET
   * could be triggered cross-site (CSRF checks cover non-GET calls only), so a browser must say
   * the call is same-origin (`Sec-Fetch-Site`); clients outside a browser send no such header.
   */
  r.get(
    '/cards-multiple-reassign/:id/share/advice-conversation/:targetId',
    {
      schema: {
        params: ShareParamSchema,
        querystring: CardShareQuerySchema,
        response: { 200: ShareResponseSchema, ...ERROR_RESPONSES },
      },
      config: { access: scoped('card:editor'), audit: SHARE_AUDIT },
    },
    async (req) => {
      const site = req.headers['sec-fetch-site'];
      if (site !== undefined && site !== 'same-origin') throw new HttpError(403, TEXTS.forbidden);
      return share(req, 'advice_conversation');
    },
  );

  // ---- Tasks ----

  r.get(
    '/tasks-multiple-reassign',
    {
      schema: {
        querystring: TaskListQuerySchema,
        response: { 200: resultsOf(TaskSchema), ...ERROR_RESPONSES },
      },
      config: {
        access: SELF,
        audit: {
          action: 'task_list.read',
          resource: 'task_list',
          read: true,
          id: { query: 'patient_card_id' },
        },
      },
    },
    async (req) => {
      const { user } = callerOf(req);
      const q = req.query;
      const results = await listTasks(app.db, user.id, {
        completed: q.completed === undefined ? undefined : q.completed === 'true',
        offset: q.offset,
        limit: q.limit,
        cardId: q.patient_card_id,
      });
      return { results };
    },
  );

  // ---- Patients, hospitals, wards ----

  r.get(
    '/patients-multiple-reassign/:id',
    {
      schema: {
        params: IdParamSchema,
        querystring: z.object({ embed: z.string().max(300).optional() }),
        response: { 200: PatientSchema, ...ERROR_RESPONSES },
      },
      config: {
        access: scoped('patient:viewer'),
        audit: { action: 'patient.read', resource: 'patient', read: true },
      },
    },
    (req) => Promise.resolve(loaded(req, 'patient').patient),
  );

  /**
   * PUT /patients/{id} `{ patient }`: names, date of birth, gender, identifier (unique in the
   * organisation: 409 PATIENT_IDENTIFIER_TAKEN), notes, bed, ward (one of the organisation's
   * wards; 0 or null for none). Decision: a patient stays in the organisation of their cards —
   * `hospital_id` in the body is ignored.
   */
  r.put(
    '/patients/:id',
    {
      schema: {
        params: IdParamSchema,
        body: PatientUpdateSchema,
        response: { 200: PatientSchema, ...ERROR_RESPONSES },
      },
      config: {
        access: scoped('patient:editor'),
        audit: { action: 'patient.update', resource: 'patient', change: true },
      },
    },
    async (req) => {
      const { user } = callerOf(req);
      const { patient } = loaded(req, 'patient');
      const input = req.body.patient;
      const wardId = input.ward_id === undefined ? undefined : wardIdForSave(input.ward_id);
      if (wardId != null && !(await wardOfHospital(app.db, wardId, patient.hospital_id)))
        throw badField('patient.ward_id', `not a ward of the patient's hospital`);
      const identifier =
        input.patient_identificator === undefined
          ? undefined
          : normalizePatientIdentifier(input.patient_identificator);
      const taken = async (db: DatabaseTx) =>
        identifier != null &&
        (await identifierTaken(db, patient.id, patient.hospital_id, identifier));
      const conflict = () =>
        new HttpError(
          409,
          PATIENT_IDENTIFIER_TAKEN_MESSAGE,
          [{ path: 'patient.patient_identificator', message: 'already used in this organisation' }],
          PATIENT_IDENTIFIER_TAKEN,
        );
      try {
        await app.db.transaction(async (tx) => {
          // A change made on a stale copy is refused (issue 35, src/http/versions.ts).
          const now = await lockAtVersion(
            tx,
            'patients',
            patient.id,
            versionOf(req, req.body.modified_at),
            app.config.now(),
          );
          if (await taken(tx)) throw conflict();
          await updatePatient(
            tx,
            patient.id,
            {
              first_name: input.first_name,
              last_name: input.last_name,
              dob: input.dob,
              gender: input.gender,
              patient_identificator: identifier,
              overview: input.overview,
              bed: input.bed,
              ward_id: wardId,
            },
            now,
          );
          await auditChange(req, tx);
        });
      } catch (err) {
        // Two saves racing for one identifier: the unique index refuses the second.
        if ((err as { code?: string }).code === '23505') throw conflict();
        throw err;
      }
      // Cards embed their patient: the lists showing them change too.
      const cards = await app.db.query<{ id: number }>(
        'select id from patient_cards where patient_id = $1',
        [patient.id],
      );
      announceCardChange(
        app,
        await cardAudience(
          app.db,
          cards.rows.map((c) => c.id),
        ),
      );
      const after = await loadPatient(app.db, user.id, patient.id);
      if (!after) throw notFound('Patient');
      return after.patient;
    },
  );

  r.get(
    '/hospitals/:id',
    {
      schema: {
        params: IdParamSchema,
        querystring: z.object({}),
        response: { 200: HospitalSchema, ...ERROR_RESPONSES },
      },
      config: { access: scoped('hospital:network') },
    },
    (req) => Promise.resolve(loaded(req, 'hospital')),
  );

  /** Wards of the hospitals of the caller's network whose name contains `search`. */
  r.get(
    '/wards',
    {
      schema: {
        querystring: WardsQuerySchema,
        response: { 200: WardsResponseSchema, ...ERROR_RESPONSES },
      },
      config: { access: SELF },
    },
    async (req) => {
      const { user } = callerOf(req);
      const rows = await app.db.query<{ results: string }>(
        `select coalesce(json_agg(json_build_object('id', w.id, 'name', w.name,
                  'hospital', json_build_object('id', h.id, 'name', h.name)) order by lower(w.name), w.id), '[]')::text as results
           from wards w join hospitals h on h.id = w.hospital_id
          where (h.id = $1::int or ($2::int is not null and h.network_id = $2::int))
            and not h.deleted
            and strpos(lower(h.name), lower($3)) > 0`,
        [user.hospital_id, user.network_id, req.query.search],
      );
      return {
        results: JSON.parse(rows.rows[0]?.results ?? '[]') as z.infer<
          typeof WardsResponseSchema
        >['results'],
      };
    },
  );

  // ---- Patient images (through the chat uploads' safety: spec 01 §5, §9) ----

  const imageMeta = (img: PatientImageRecord, thumbnail: boolean) => ({
    id: img.id,
    image_key: img.image_key,
    title: img.title,
    filename: img.filename,
    patient_id: img.patient_id,
    is_thumbnail: thumbnail,
    created_at: img.created_at.toISOString(),
    modified_at: img.modified_at.toISOString(),
    deleted: false,
  });

  /**
   * POST /images (multipart: image, title, filename, patient_id). The type is read from the
   * bytes, the image re-encoded without its metadata (EXIF, GPS), and its thumbnail made once,
   * here, and kept beside it. Only people who may edit one of the patient's cards add images;
   * a patient the caller cannot see is a 404.
   */
  r.post(
    '/images',
    {
      schema: {
        consumes: ['multipart/form-data'],
        body: multipartBody(PatientImageUploadFieldsSchema),
        response: { 201: ImageMetaSchema, ...ERROR_RESPONSES },
      },
      config: {
        access: SELF,
        audit: {
          action: 'patient_image.create',
          resource: 'patient_image',
          change: true,
          id: null,
        },
      },
    },
    async (req, reply) => {
      const { user } = callerOf(req);
      const upload = await receiveUpload(req, store, 'image');
      try {
        const fields = parseInput(PatientImageUploadFieldsSchema, upload.fields);
        auditNote(req, { patientId: fields.patient_id });
        const found = await loadPatient(app.db, user.id, fields.patient_id);
        if (!found) throw notFound('Patient');
        if (found.access !== 'edit')
          throw new HttpError(
            403,
            'This patient card is read-only for you.',
            undefined,
            'CARD_READ_ONLY',
          );
        const type = await detectType(upload, ['image']);
        const processed = await processImage(await fsp.readFile(upload.tempPath), type);
        const key = newUploadKey();
        const filename = safeFilename(fields.filename || upload.filename, 'image');
        const now = app.config.now();
        await store.put(key, processed.data);
        await store.put(`${key}.thumb`, processed.thumbnail);
        try {
          const img = await app.db.transaction(async (tx) => {
            const row = await tx.query<PatientImageRecord>(
              `insert into images (image_key, kind, title, filename, content_type, patient_id, uploader_id, created_at, modified_at)
               values ($1, 'patient', $2, $3, $4, $5, $6, $7, $7) returning ${PATIENT_IMAGE_COLUMNS}`,
              [
                key,
                fields.title || filename,
                filename,
                processed.contentType,
                fields.patient_id,
                user.id,
                now,
              ],
            );
            await recordEvent(tx, {
              type: PATIENT_IMAGE_UPLOADED_EVENT,
              at: now,
              userId: user.id,
              hasImage: true,
              hasPatient: true,
              data: { image_id: row.rows[0]?.id, patient_id: fields.patient_id },
            });
            await auditChange(req, tx, { resourceId: row.rows[0]?.id ?? null });
            return row.rows[0];
          });
          if (!img) throw new Error('image insert returned no row');
          reply.code(201);
          return imageMeta(img, false);
        } catch (err) {
          // Nothing half-written: bytes without a record are removed.
          await store.delete(key);
          await store.delete(`${key}.thumb`);
          throw err;
        }
      } finally {
        await discard(upload);
      }
    },
  );

  const sendImage = (reply: FastifyReply, img: PatientImageRecord, thumbnail: boolean) =>
    sendStored(reply, store, thumbnail ? `${img.image_key}.thumb` : img.image_key, {
      contentType: thumbnail
        ? img.content_type === 'image/jpeg'
          ? 'image/jpeg'
          : 'image/png'
        : (img.content_type ?? 'application/octet-stream'),
      filename: img.filename ?? 'image',
    });

  r.get(
    '/images/:id',
    {
      schema: {
        params: IdParamSchema,
        querystring: ThumbnailQuerySchema,
        response: { 200: DOWNLOAD, ...ERROR_RESPONSES },
      },
      config: {
        access: scoped('patient-image:viewer'),
        audit: { action: 'patient_image.read', resource: 'patient_image', read: true },
      },
    },
    async (req, reply) =>
      sendImage(reply, loaded(req, 'patientImage'), req.query.thumbnail === 'true'),
  );

  /** The patient's images, newest first, with their bytes (thumbnails unless thumbnail=false). */
  r.get(
    '/images',
    {
      schema: {
        querystring: PatientImagesQuerySchema,
        response: { 200: ImageListResponseSchema, ...ERROR_RESPONSES },
      },
      config: {
        access: scoped('patient-images:viewer'),
        audit: { action: 'patient_image.list', resource: 'patient_images', id: null, read: true },
      },
    },
    async (req, reply) => {
      const { patient } = loaded(req, 'patient');
      const thumbnail = req.query.thumbnail === 'true';
      const rows = await app.db.query<PatientImageRecord & { total: number }>(
        `select ${PATIENT_IMAGE_COLUMNS}, count(*) over ()::int as total from images
          where patient_id = $1 and kind = 'patient' and not deleted
          order by created_at desc, id desc limit $2`,
        [patient.id, CARD_IMAGES_LIMIT],
      );
      // Streamed image by image, a step of bytes at a time (issue 36: memory per request).
      const entries = rows.rows.map((img) => ({
        meta: imageMeta(img, thumbnail),
        key: thumbnail ? `${img.image_key}.thumb` : img.image_key,
      }));
      return sendImageList(reply, store, entries, rows.rows[0]?.total ?? 0);
    },
  );

  done();
}
