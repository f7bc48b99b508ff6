import { HttpResponse } from 'msw';
import { http } from './http';
import type { z } from 'zod';
import {
  canSeePatientList,
  CardExportQuerySchema,
  FEATURE_NOT_ENABLED,
  cardShareRefusal,
  isAdviceClosed,
  formatCardSummary,
  isForum,
  isPatientIdentifierTaken,
  cardFieldsConflict,
  mergeCardTasks,
  normalizePatientIdentifier,
  PATIENT_IDENTIFIER_TAKEN,
  PATIENT_IDENTIFIER_TAKEN_MESSAGE,
  PatientCardCreateQuerySchema,
  PatientCardCreateSchema,
  PatientCardListQuerySchema,
  PatientCardSchema,
  PatientCardUpdateSchema,
  PatientUpdateSchema,
  ReassignBodySchema,
  ShareBodySchema,
  TaskListQuerySchema,
  TEXTS,
  wardIdForSave,
  WardsQuerySchema,
  displayName,
} from '@pando/domain';
import type { MockBackend, MockPatientCard, MockTask, MockUser } from '../backend';
import { guard } from './guard';
import {
  api,
  apiError,
  badField,
  cardAccessOf,
  fail,
  invalid,
  notFound,
  numberParam,
  parseBody,
  patientAccessOf,
  requireUser,
  wireCard,
} from './util';
import { versionOf } from './recordVersion';
import { editConflict, refuseStale, touch } from './versions';

const READ_ONLY = () => apiError(403, TEXTS.cardReadOnly, { internalCode: 'CARD_READ_ONLY' });

/** The query of a request through a domain schema: a 400 naming the field, as the server does. */
function parseQuery<T extends z.ZodType>(request: Request, schema: T): z.infer<T> {
  const raw = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : invalid(parsed.error);
}

/** A card the viewer sees (`edit`: may change), or the server's 404 / 403. */
function card(
  backend: MockBackend,
  viewer: MockUser,
  raw: string | readonly string[] | undefined,
  edit = false,
) {
  const found = backend.state.cards.find((c) => c.id === numberParam(raw, 'id'));
  const access = found ? cardAccessOf(backend, found, viewer) : 'none';
  if (!found || access === 'none') return fail(notFound('Patient card'));
  if (edit && access !== 'edit') fail(READ_ONLY());
  return found;
}

/** The list and card creation need the premium feature patient_cards (spec 01 §6), as on the server. */
function requirePatientCards(viewer: MockUser) {
  if (!canSeePatientList(viewer)) {
    fail(
      apiError(403, TEXTS.patientCardsNotEnabled, {
        internalCode: FEATURE_NOT_ENABLED,
      }),
    );
  }
}

const newestFirst = (a: MockPatientCard, b: MockPatientCard) =>
  b.created_at.localeCompare(a.created_at) || b.id - a.id;

/**
 * Patient cards, tasks, patients, hospitals and wards (spec 01 §7), on the same domain rules as
 * the server (issue 18): `cardAccess` for who sees and edits, `mergeCardTasks` for task saves,
 * `cardShareRefusal` for shares, the identifier uniqueness and the export summary.
 */
export function patientHandlers(backend: MockBackend) {
  const saveTasks = (
    c: MockPatientCard,
    viewer: MockUser,
    incoming: z.infer<typeof PatientCardUpdateSchema>['tasks'] & object,
    base: string | undefined,
  ) => {
    const now = backend.timestamp();
    const stored = backend.state.tasks.filter((t) => t.patient_card_id === c.id);
    const plan = mergeCardTasks({
      stored,
      incoming,
      base: base ?? null,
      callerId: viewer.id,
      now: new Date(now),
    });
    // As the server: a change of tasks someone else changed since `base` is refused, whole.
    if (plan.conflicts.length > 0) fail(editConflict());
    const removed = new Set(plan.delete);
    backend.state.tasks = backend.state.tasks.filter((t) => !removed.has(t.id));
    for (const update of plan.update) {
      const task = backend.state.tasks.find((t) => t.id === update.id);
      if (task) Object.assign(task, update, { modified_at: now, modified_by_id: viewer.id });
    }
    for (const values of plan.create) {
      const task: MockTask = {
        id: backend.nextId('tasks'),
        ...values,
        patient_card_id: c.id,
        created_at: now,
        modified_at: now,
        modified_by_id: viewer.id,
      };
      backend.state.tasks.push(task);
    }
  };

  const memberTeam = (viewer: MockUser, teamId: number) => {
    const team = backend.team(teamId);
    return team?.user_ids.includes(viewer.id) ? team : undefined;
  };

  const reachableUser = (viewer: MockUser, userId: number) => {
    const target = backend.userById(userId);
    return target !== undefined && backend.canSee(viewer, target);
  };

  /** The server's `adviceShareFacts`: does the viewer take part, and is it closed (read-only)? */
  const adviceFacts = (viewer: MockUser, adviceId: number) => {
    const advice = backend.state.adviceConversations.find((a) => a.id === adviceId);
    return {
      participant:
        advice !== undefined &&
        (advice.requestor_id === viewer.id ||
          (backend.team(advice.team_id)?.user_ids.includes(viewer.id) ?? false)),
      closed: advice !== undefined && isAdviceClosed(advice),
    };
  };

  const wirePatient = (patientId: number) => {
    const patient = backend.state.patients.find((p) => p.id === patientId);
    if (!patient) return fail(notFound('Patient'));
    const ward = backend.state.wards.find((w) => w.id === patient.ward_id);
    const hospital = ward ? backend.hospital(ward.hospital_id) : undefined;
    return {
      ...patient,
      modified_at: versionOf(patient),
      ward: ward
        ? {
            id: ward.id,
            name: ward.name,
            hospital: hospital ? { id: hospital.id, name: hospital.name } : null,
          }
        : null,
    };
  };

  return [
    http.get(
      api('/cards-multiple-reassign'),
      guard(({ request, cookies }) => {
        const viewer = requireUser(backend, cookies, request);
        requirePatientCards(viewer);
        const query = parseQuery(request, PatientCardListQuerySchema);
        const term = query.search?.trim().toLowerCase() ?? '';
        const matches = (c: MockPatientCard) => {
          if (term === '') return true;
          const p = backend.state.patients.find((x) => x.id === c.patient_id);
          if (!p) return false;
          const compact = (s: string) => s.replace(/\s+/g, '').toLowerCase();
          return (
            `${p.first_name} ${p.last_name}`.toLowerCase().includes(term) ||
            `${p.last_name} ${p.first_name}`.toLowerCase().includes(term) ||
            compact(p.patient_identificator ?? '').includes(compact(term))
          );
        };
        const results = backend.state.cards
          .filter((c) => cardAccessOf(backend, c, viewer) !== 'none' && matches(c))
          .sort(newestFirst)
          .slice(0, query.limit)
          .map((c) => wireCard(backend, c, viewer));
        return HttpResponse.json({ results });
      }),
    ),
    http.post(
      api('/cards-multiple-reassign'),
      guard(async ({ request, cookies }) => {
        const viewer = requireUser(backend, cookies, request);
        requirePatientCards(viewer);
        const query = parseQuery(request, PatientCardCreateQuerySchema);
        const body = await parseBody(request, PatientCardCreateSchema);
        const userIds = [viewer.id];
        const teamIds: number[] = [];
        const assigneeId = query.assignee_id;
        if (assigneeId !== undefined) {
          const unknown = () =>
            fail(
              apiError(400, 'Invalid request: assignee_id', {
                details: [
                  { path: 'assignee_id', message: `unknown ${query.assignee} ${assigneeId}` },
                ],
              }),
            );
          if (query.assignee === 'users') {
            if (assigneeId !== viewer.id && !reachableUser(viewer, assigneeId)) unknown();
            userIds.push(assigneeId);
          } else {
            const team = memberTeam(viewer, assigneeId) ?? unknown();
            if (isForum(team)) fail(apiError(403, TEXTS.cannotSharePatientInForum));
            teamIds.push(assigneeId);
          }
        }
        const now = backend.timestamp();
        const patientId = backend.nextId('patients');
        backend.state.patients.push({
          id: patientId,
          first_name: '',
          last_name: '',
          dob: null,
          gender: 'MALE',
          patient_identificator: null,
          overview: null,
          bed: null,
          ward_id: null,
          hospital_id: viewer.hospital_id,
        });
        const created: MockPatientCard = {
          id: backend.nextId('cards'),
          title: body.title,
          subtitle: body.subtitle,
          patient_id: patientId,
          created_by_id: viewer.id,
          user_ids: [...new Set(userIds)],
          team_ids: teamIds,
          created_at: now,
          modified_at: now,
          shared_with: [],
        };
        backend.state.cards.push(created);
        if (query.with_empty_task === 'true') {
          backend.state.tasks.push({
            id: backend.nextId('tasks'),
            title: '',
            completed: false,
            completed_at: null,
            completed_by_id: null,
            order: 0,
            patient_card_id: created.id,
            created_at: now,
            modified_at: now,
          });
        }
        return HttpResponse.json(wireCard(backend, created, viewer), { status: 201 });
      }),
    ),
    http.get(
      api('/cards-multiple-reassign/:id'),
      guard(({ request, cookies, params }) => {
        const viewer = requireUser(backend, cookies, request);
        return HttpResponse.json(wireCard(backend, card(backend, viewer, params.id), viewer));
      }),
    ),
    http.put(
      api('/cards-multiple-reassign/:id'),
      guard(async ({ request, cookies, params }) => {
        const viewer = requireUser(backend, cookies, request);
        const c = card(backend, viewer, params.id, true);
        const body = await parseBody(request, PatientCardUpdateSchema);
        // Stale copies (issue 35): If-Match refuses any change since; the body's modified_at
        // refuses changing what someone else changed since (the title, a task).
        refuseStale(request, c);
        if (cardFieldsConflict(c, body, body.modified_at ?? null)) fail(editConflict());
        if (body.tasks) saveTasks(c, viewer, body.tasks, body.modified_at);
        if (body.title !== undefined) c.title = body.title;
        if (body.subtitle !== undefined) c.subtitle = body.subtitle;
        touch(backend, c);
        return HttpResponse.json(wireCard(backend, c, viewer));
      }),
    ),
    http.delete(
      api('/cards-multiple-reassign/:id'),
      guard(({ request, cookies, params }) => {
        const viewer = requireUser(backend, cookies, request);
        const c = card(backend, viewer, params.id, true);
        backend.state.cards = backend.state.cards.filter((x) => x.id !== c.id);
        backend.state.tasks = backend.state.tasks.filter((t) => t.patient_card_id !== c.id);
        return new HttpResponse(null, { status: 204 });
      }),
    ),
    http.put(
      api('/cards-multiple-reassign/:id/reassign'),
      guard(async ({ request, cookies, params }) => {
        const viewer = requireUser(backend, cookies, request);
        const c = card(backend, viewer, params.id, true);
        const body = await parseBody(request, ReassignBodySchema);
        const bad = badField;
        for (const [i, id] of body.users.entries()) {
          if (c.user_ids.includes(id) || id === viewer.id || reachableUser(viewer, id)) continue;
          bad(`users.${i}`, `unknown user ${id}`);
        }
        for (const [i, id] of body.teams.entries()) {
          if (c.team_ids.includes(id)) continue;
          const team = memberTeam(viewer, id) ?? bad(`teams.${i}`, `unknown team ${id}`);
          if (isForum(team)) fail(apiError(403, TEXTS.cannotSharePatientInForum));
        }
        c.user_ids = [...new Set(body.users)];
        c.team_ids = [...new Set(body.teams)];
        c.modified_at = backend.timestamp();
        // The caller may have unassigned themselves: the save worked, so they get the card as
        // saved (editable: false then), as the server answers.
        return HttpResponse.json(wireCard(backend, c, viewer));
      }),
    ),
    ...(['post', 'get'] as const).map((method) =>
      http[method](
        api('/cards-multiple-reassign/:id/share/:kind/:targetId'),
        guard(async ({ request, cookies, params }) => {
          const viewer = requireUser(backend, cookies, request);
          const kind = String(params.kind);
          // The GET reading exists for the advice share only (spec 01 §7).
          if (!['users', 'teams', 'advice-conversation'].includes(kind))
            return notFound('Share target');
          if (method === 'get' && kind !== 'advice-conversation') return notFound('Route');
          const c = card(backend, viewer, params.id, true);
          if (method === 'post') await parseBody(request, ShareBodySchema);
          const targetId = numberParam(params.targetId, 'targetId');
          const team = kind === 'teams' ? memberTeam(viewer, targetId) : undefined;
          const refusal = cardShareRefusal(
            kind === 'users'
              ? { kind: 'user', reachable: reachableUser(viewer, targetId) }
              : kind === 'teams'
                ? { kind: 'team', member: team !== undefined, forum: team ? isForum(team) : false }
                : { kind: 'advice', ...adviceFacts(viewer, targetId) },
          );
          if (refusal === 'forum') return apiError(403, TEXTS.cannotSharePatientInForum);
          if (refusal === 'advice-closed') return apiError(409, TEXTS.adviceClosedWrite);
          if (refusal === 'target-not-found')
            return notFound(
              kind === 'users' ? 'User' : kind === 'teams' ? 'Team' : 'Advice conversation',
            );
          const entry = `${kind}/${targetId}`;
          if (!c.shared_with.includes(entry)) c.shared_with.push(entry);
          return HttpResponse.json({ id: c.id, access_type: 'READ' });
        }),
      ),
    ),
    http.post(
      api('/cards/:id/export-to-email'),
      guard(({ request, cookies, params }) => {
        const viewer = requireUser(backend, cookies, request);
        const c = card(backend, viewer, params.id);
        const { timezone } = parseQuery(request, CardExportQuerySchema);
        const wire = PatientCardSchema.parse(wireCard(backend, c, viewer));
        const nameOf = (id: number) => {
          const u = backend.userById(id);
          return u ? displayName(u) : undefined;
        };
        backend.sendMail({
          to: viewer.email,
          subject: `Pando: patient card ${c.title}`,
          text: formatCardSummary(wire, { timeZone: timezone, nameOf }),
        });
        return HttpResponse.json({ message: `Email sent to ${viewer.email}` });
      }),
    ),
    http.get(
      api('/tasks-multiple-reassign'),
      guard(({ request, cookies }) => {
        const viewer = requireUser(backend, cookies, request);
        const q = parseQuery(request, TaskListQuerySchema);
        const visible = backend.state.cards
          .filter((c) => cardAccessOf(backend, c, viewer) !== 'none')
          .filter((c) => q.patient_card_id === undefined || c.id === q.patient_card_id)
          .sort(newestFirst);
        const results = visible
          .flatMap((c) =>
            backend.state.tasks
              .filter((t) => t.patient_card_id === c.id)
              .sort((a, b) => a.order - b.order || a.id - b.id),
          )
          .filter((t) => q.completed === undefined || String(t.completed) === q.completed)
          .slice(q.offset, q.offset + q.limit);
        return HttpResponse.json({ results });
      }),
    ),
    http.get(
      api('/patients-multiple-reassign/:id'),
      guard(({ request, cookies, params }) => {
        const viewer = requireUser(backend, cookies, request);
        const id = numberParam(params.id, 'id');
        if (patientAccessOf(backend, id, viewer) === 'none') return notFound('Patient');
        return HttpResponse.json(wirePatient(id));
      }),
    ),
    http.put(
      api('/patients/:id'),
      guard(async ({ request, cookies, params }) => {
        const viewer = requireUser(backend, cookies, request);
        const id = numberParam(params.id, 'id');
        const patient = backend.state.patients.find((p) => p.id === id);
        const access = patientAccessOf(backend, id, viewer);
        if (!patient || access === 'none') return notFound('Patient');
        if (access !== 'edit') return READ_ONLY();
        const { patient: input, modified_at: basedOn } = await parseBody(
          request,
          PatientUpdateSchema,
        );
        refuseStale(request, patient, basedOn);
        const wardId = input.ward_id === undefined ? undefined : wardIdForSave(input.ward_id);
        if (
          wardId != null &&
          !backend.state.wards.some((w) => w.id === wardId && w.hospital_id === patient.hospital_id)
        )
          return apiError(400, 'Invalid request: patient.ward_id', {
            details: [{ path: 'patient.ward_id', message: "not a ward of the patient's hospital" }],
          });
        const identifier =
          input.patient_identificator === undefined
            ? undefined
            : normalizePatientIdentifier(input.patient_identificator);
        if (
          identifier !== undefined &&
          isPatientIdentifierTaken(identifier, backend.state.patients, patient)
        )
          return apiError(409, PATIENT_IDENTIFIER_TAKEN_MESSAGE, {
            internalCode: PATIENT_IDENTIFIER_TAKEN,
            details: [
              {
                path: 'patient.patient_identificator',
                message: 'already used in this organisation',
              },
            ],
          });
        // A patient stays in the organisation of their cards: hospital_id is not changed.
        const { hospital_id: _ignored, ...changes } = input;
        Object.assign(
          patient,
          changes,
          wardId === undefined ? {} : { ward_id: wardId },
          identifier === undefined ? {} : { patient_identificator: identifier },
        );
        // As the server: the patient's cards, which embed them, change with them.
        const at = touch(backend, patient);
        for (const c of backend.state.cards) if (c.patient_id === patient.id) c.modified_at = at;
        return HttpResponse.json(wirePatient(id));
      }),
    ),
    http.get(
      api('/hospitals/:id'),
      guard(({ request, cookies, params }) => {
        const viewer = requireUser(backend, cookies, request);
        const hospital = backend.hospital(numberParam(params.id, 'id'));
        const own = backend.hospital(viewer.hospital_id);
        const visible =
          hospital !== undefined &&
          (hospital.id === viewer.hospital_id ||
            (own !== undefined && hospital.network_id === own.network_id));
        return visible ? HttpResponse.json(hospital) : notFound('Hospital');
      }),
    ),
    http.get(
      api('/wards'),
      guard(({ request, cookies }) => {
        const viewer = requireUser(backend, cookies, request);
        const { search } = parseQuery(request, WardsQuerySchema);
        const own = backend.hospital(viewer.hospital_id);
        const results = backend.state.wards
          .map((w) => ({ ...w, hospital: backend.hospital(w.hospital_id) }))
          .filter(
            (w) =>
              w.hospital !== undefined &&
              (w.hospital.id === viewer.hospital_id ||
                (own !== undefined && w.hospital.network_id === own.network_id)) &&
              w.hospital.name.toLowerCase().includes(search.toLowerCase()),
          )
          .sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id)
          .map((w) => ({
            id: w.id,
            name: w.name,
            hospital: w.hospital ? { id: w.hospital.id, name: w.hospital.name } : null,
          }));
        return HttpResponse.json({ results });
      }),
    ),
  ];
}
