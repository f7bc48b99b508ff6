import { http, HttpResponse } from 'msw';
import {
  PatientCardCreateSchema,
  PatientCardUpdateSchema,
  PatientUpdateSchema,
  ReassignBodySchema,
  ShareBodySchema,
  type TaskPayload,
} from '@pando/domain';
import type { MockBackend, MockPatientCard, MockTask, MockUser } from '../backend';
import { guard } from './guard';
import {
  api,
  apiError,
  canEditCard,
  fail,
  notFound,
  numberParam,
  parseBody,
  requireUser,
  wireCard,
} from './util';

function canSeeCard(backend: MockBackend, card: MockPatientCard, viewer: MockUser) {
  return canEditCard(backend, card, viewer) || card.shared_with.includes(`users/${viewer.id}`);
}

function card(
  backend: MockBackend,
  viewer: MockUser,
  raw: string | readonly string[] | undefined,
  edit = false,
) {
  const found = backend.state.cards.find((c) => c.id === numberParam(raw, 'id'));
  if (!found || !canSeeCard(backend, found, viewer)) return fail(notFound('Patient card'));
  if (edit && !canEditCard(backend, found, viewer))
    fail(apiError(403, 'This card is read-only for you.'));
  return found;
}

function requirePatientCards(viewer: MockUser) {
  if (!viewer.premium_features.patient_cards) {
    fail(
      apiError(403, 'Patient cards are not enabled for you.', {
        internalCode: 'FEATURE_NOT_ENABLED',
      }),
    );
  }
}

/** Patient cards, tasks, patients, hospitals and wards (spec 01 §7). */
export function patientHandlers(backend: MockBackend) {
  const saveTasks = (c: MockPatientCard, viewer: MockUser, tasks: TaskPayload[]) => {
    const now = backend.timestamp();
    const kept: MockTask[] = [];
    // Tasks with an empty title are dropped when saving the card (spec 01 §5).
    for (const input of tasks.filter((t) => t.title.trim() !== '')) {
      const existing = backend.state.tasks.find(
        (t) => t.id === input.id && t.patient_card_id === c.id,
      );
      const task: MockTask = existing ?? {
        id: backend.nextId('tasks'),
        title: input.title,
        completed: false,
        completed_at: null,
        completed_by_id: null,
        order: input.order,
        patient_card_id: c.id,
        created_at: now,
        modified_at: now,
      };
      if (input.completed && !task.completed) {
        task.completed_at = now;
        task.completed_by_id = viewer.id;
      } else if (!input.completed) {
        task.completed_at = null;
        task.completed_by_id = null;
      }
      Object.assign(task, {
        title: input.title,
        completed: input.completed,
        order: input.order,
        modified_at: now,
      });
      kept.push(task);
    }
    backend.state.tasks = [
      ...backend.state.tasks.filter((t) => t.patient_card_id !== c.id),
      ...kept,
    ];
  };

  return [
    http.get(
      api('/cards-multiple-reassign'),
      guard(({ request, cookies }) => {
        const viewer = requireUser(backend, cookies, request);
        requirePatientCards(viewer);
        const limit = Math.min(
          Number(new URL(request.url).searchParams.get('limit') ?? 100) || 100,
          100,
        );
        const results = backend.state.cards
          .filter((c) => canSeeCard(backend, c, viewer))
          .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id)
          .slice(0, limit)
          .map((c) => wireCard(backend, c, viewer));
        return HttpResponse.json({ results });
      }),
    ),
    http.post(
      api('/cards-multiple-reassign'),
      guard(async ({ request, cookies }) => {
        const viewer = requireUser(backend, cookies, request);
        requirePatientCards(viewer);
        const body = await parseBody(request, PatientCardCreateSchema);
        const url = new URL(request.url);
        const assignee = Number(url.searchParams.get('assignee_id') ?? viewer.id);
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
          user_ids: [...new Set([viewer.id, assignee])],
          team_ids: [],
          created_at: now,
          modified_at: now,
          shared_with: [],
        };
        backend.state.cards.push(created);
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
        if (body.title !== undefined) c.title = body.title;
        if (body.subtitle !== undefined) c.subtitle = body.subtitle;
        if (body.tasks) saveTasks(c, viewer, body.tasks);
        c.modified_at = backend.timestamp();
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
        c.user_ids = [...new Set(body.users)];
        c.team_ids = [...new Set(body.teams)];
        return HttpResponse.json(wireCard(backend, c, viewer));
      }),
    ),
    http.post(
      api('/cards-multiple-reassign/:id/share/:kind/:targetId'),
      guard(async ({ request, cookies, params }) => {
        const viewer = requireUser(backend, cookies, request);
        const c = card(backend, viewer, params.id);
        await parseBody(request, ShareBodySchema);
        const kind = String(params.kind);
        if (!['users', 'teams', 'advice-conversation'].includes(kind))
          return notFound('Share target');
        if (kind === 'teams') {
          const team = backend.team(numberParam(params.targetId, 'targetId'));
          if (team && backend.isForum(team))
            return apiError(403, 'You cannot share patient within a forum');
        }
        c.shared_with.push(`${kind}/${numberParam(params.targetId, 'targetId')}`);
        return HttpResponse.json({ access_type: 'READ' });
      }),
    ),
    http.post(
      api('/cards/:id/export-to-email'),
      guard(({ request, cookies, params }) => {
        const viewer = requireUser(backend, cookies, request);
        const c = card(backend, viewer, params.id);
        backend.sendMail({
          to: viewer.email,
          subject: `Patient card: ${c.title}`,
          text: c.title,
        });
        return HttpResponse.json({ message: `Email sent to ${viewer.email}` });
      }),
    ),
    http.get(
      api('/tasks-multiple-reassign'),
      guard(({ request, cookies }) => {
        const viewer = requireUser(backend, cookies, request);
        const url = new URL(request.url);
        const completed = url.searchParams.get('completed');
        const cardId = url.searchParams.get('patient_card_id');
        const offset = Number(url.searchParams.get('offset') ?? 0) || 0;
        const limit = Math.min(Number(url.searchParams.get('limit') ?? 1000) || 1000, 1000);
        const visible = new Set(
          backend.state.cards.filter((c) => canSeeCard(backend, c, viewer)).map((c) => c.id),
        );
        const results = backend.state.tasks
          .filter((t) => visible.has(t.patient_card_id))
          .filter((t) => completed === null || String(t.completed) === completed)
          .filter((t) => cardId === null || t.patient_card_id === Number(cardId))
          .slice(offset, offset + limit);
        return HttpResponse.json({ results });
      }),
    ),
    http.get(
      api('/patients-multiple-reassign/:id'),
      guard(({ request, cookies, params }) => {
        const viewer = requireUser(backend, cookies, request);
        const patient = backend.state.patients.find((p) => p.id === numberParam(params.id, 'id'));
        const visible = backend.state.cards.some(
          (c) => c.patient_id === patient?.id && canSeeCard(backend, c, viewer),
        );
        if (!patient || !visible) return notFound('Patient');
        return HttpResponse.json({
          ...patient,
          ward: backend.state.wards.find((w) => w.id === patient.ward_id) ?? null,
        });
      }),
    ),
    http.put(
      api('/patients/:id'),
      guard(async ({ request, cookies, params }) => {
        const viewer = requireUser(backend, cookies, request);
        const patient = backend.state.patients.find((p) => p.id === numberParam(params.id, 'id'));
        const editable = backend.state.cards.some(
          (c) => c.patient_id === patient?.id && canEditCard(backend, c, viewer),
        );
        if (!patient || !editable) return notFound('Patient');
        const { patient: update } = await parseBody(request, PatientUpdateSchema);
        Object.assign(patient, update, update.ward_id === 0 ? { ward_id: null } : {});
        return HttpResponse.json({
          ...patient,
          ward: backend.state.wards.find((w) => w.id === patient.ward_id) ?? null,
        });
      }),
    ),
    http.get(
      api('/hospitals/:id'),
      guard(({ request, cookies, params }) => {
        requireUser(backend, cookies, request);
        const hospital = backend.hospital(numberParam(params.id, 'id'));
        return hospital ? HttpResponse.json(hospital) : notFound('Hospital');
      }),
    ),
    http.get(
      api('/wards'),
      guard(({ request, cookies }) => {
        requireUser(backend, cookies, request);
        const search = (new URL(request.url).searchParams.get('search') ?? '').toLowerCase();
        const results = backend.state.wards
          .map((w) => ({ ...w, hospital: backend.hospital(w.hospital_id) }))
          .filter(
            (w) => search === '' || (w.hospital?.name.toLowerCase().includes(search) ?? false),
          )
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
