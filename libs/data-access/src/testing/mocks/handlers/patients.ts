import { HttpResponse } from 'msw';
import type { z } from 'zod';
import {
  canSeePatientList,
  FEATURE_NOT_ENABLED,
  formatCardSummary,
  isForum,
  isPatientIdentifierTaken,
  cardFieldsConflict,
  mergeCardTasks,
  normalizePatientIdentifier,
  PATIENT_IDENTIFIER_TAKEN,
  PATIENT_IDENTIFIER_TAKEN_MESSAGE,
  PatientCardSchema,
  type PatientCardUpdateSchema,
  patientsEndpoints,
  TEXTS,
  wardIdForSave,
  displayName,
} from '@pando/domain';
import type { MockBackend, MockPatientCard, MockTask, MockUser } from '../backend';
import { declaredHandlers } from './endpoint';
import type { MockLoaded } from './scopes';
import { apiError, badField, cardAccessOf, fail, notFound, wireCard } from './util';
import { versionOf } from './recordVersion';
import { memberTeam, reachableUser, shareRefusal, shareTarget } from './shareTargets';
import { editConflict, refuseStale, touch } from './versions';

/** The list and card creation need the premium feature patient_cards (spec 01 §6), as on the server. */
function requirePatientCards(viewer: MockUser) {
  if (!canSeePatientList(viewer))
    fail(apiError(403, TEXTS.patientCardsNotEnabled, { internalCode: FEATURE_NOT_ENABLED }));
}

const newestFirst = (a: MockPatientCard, b: MockPatientCard) =>
  b.created_at.localeCompare(a.created_at) || b.id - a.id;

/** What the card and patient rules (scopes/patients.ts) loaded. */
const cardOf = (loaded: Partial<MockLoaded>) => loaded.card ?? fail(notFound('Patient card'));
const patientOf = (loaded: Partial<MockLoaded>) => loaded.cardPatient ?? fail(notFound('Patient'));

/**
 * Patient cards, tasks, patients, hospitals and wards (spec 01 §7), on the same domain rules as
 * the server (issue 18): `cardAccess` for who sees and edits (the scope rules of
 * scopes/patients.ts), `mergeCardTasks` for task saves, `cardShareRefusal` for shares, the
 * identifier uniqueness and the export summary.
 */
export function patientHandlers(backend: MockBackend) {
  const handle = declaredHandlers(backend);
  const e = patientsEndpoints;
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

  /** An assignee the caller adds (the server's checks): a person they see, a team they are in. */
  const checkUser = (viewer: MockUser, id: number, field: string) => {
    if (id !== viewer.id && !reachableUser(backend, viewer, id))
      badField(field, `unknown user ${id}`);
  };
  const checkTeam = (viewer: MockUser, id: number, field: string) => {
    const team = memberTeam(backend, viewer, id) ?? badField(field, `unknown team ${id}`);
    if (isForum(team)) fail(apiError(403, TEXTS.cannotSharePatientInForum));
  };

  const wirePatient = (patient: MockLoaded['cardPatient']) => {
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
    handle(e.cards, ({ caller: viewer, query }) => {
      requirePatientCards(viewer);
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
    handle(e.createCard, ({ caller: viewer, query, body }) => {
      requirePatientCards(viewer);
      const userIds = [viewer.id];
      const teamIds: number[] = [];
      const assigneeId = query.assignee_id;
      if (assigneeId !== undefined) {
        const users = query.assignee === 'users';
        (users ? checkUser : checkTeam)(viewer, assigneeId, 'assignee_id');
        (users ? userIds : teamIds).push(assigneeId);
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
    handle(e.card, ({ caller, loaded }) =>
      HttpResponse.json(wireCard(backend, cardOf(loaded), caller)),
    ),
    handle(e.updateCard, ({ caller: viewer, request, body, loaded }) => {
      const c = cardOf(loaded);
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
    handle(e.deleteCard, ({ loaded }) => {
      const c = cardOf(loaded);
      backend.state.cards = backend.state.cards.filter((x) => x.id !== c.id);
      backend.state.tasks = backend.state.tasks.filter((t) => t.patient_card_id !== c.id);
      return new HttpResponse(null, { status: 204 });
    }),
    handle(e.reassignCard, ({ caller: viewer, body, loaded }) => {
      const c = cardOf(loaded);
      // Assignees the card already has may stay.
      for (const [i, id] of body.users.entries())
        if (!c.user_ids.includes(id)) checkUser(viewer, id, `users.${i}`);
      for (const [i, id] of body.teams.entries())
        if (!c.team_ids.includes(id)) checkTeam(viewer, id, `teams.${i}`);
      c.user_ids = [...new Set(body.users)];
      c.team_ids = [...new Set(body.teams)];
      c.modified_at = backend.timestamp();
      // The caller may have unassigned themselves: the save worked, so they get the card as
      // saved (editable: false then), as the server answers.
      return HttpResponse.json(wireCard(backend, c, viewer));
    }),
    ...(
      [
        ['users', e.shareCardWithUser],
        ['teams', e.shareCardWithTeam],
        ['advice-conversation', e.shareCardWithAdvice],
        // The spec's GET reading of the advice share (spec 01 §7).
        ['advice-conversation', e.shareCardWithAdviceByGet],
      ] as const
    ).map(([kind, declaration]) =>
      handle(declaration, ({ caller: viewer, params: { targetId }, loaded }) => {
        const c = cardOf(loaded);
        const refused = shareRefusal(shareTarget(backend, viewer, kind, targetId), kind);
        if (refused) return refused;
        const entry = `${kind}/${targetId}`;
        if (!c.shared_with.includes(entry)) c.shared_with.push(entry);
        return HttpResponse.json({ id: c.id, access_type: 'READ' });
      }),
    ),
    handle(e.exportCardToEmail, ({ caller: viewer, query, loaded }) => {
      const c = cardOf(loaded);
      const wire = PatientCardSchema.parse(wireCard(backend, c, viewer));
      const nameOf = (id: number) => {
        const u = backend.userById(id);
        return u ? displayName(u) : undefined;
      };
      backend.sendMail({
        to: viewer.email,
        subject: `Pando: patient card ${c.title}`,
        text: formatCardSummary(wire, { timeZone: query.timezone, nameOf }),
      });
      return HttpResponse.json({ message: `Email sent to ${viewer.email}` });
    }),
    handle(e.tasks, ({ caller: viewer, query: q }) => {
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
    handle(e.patient, ({ loaded }) => HttpResponse.json(wirePatient(patientOf(loaded)))),
    handle(e.updatePatient, ({ request, body, loaded }) => {
      const patient = patientOf(loaded);
      const { patient: input, modified_at: basedOn } = body;
      refuseStale(request, patient, basedOn);
      const wardId = input.ward_id === undefined ? undefined : wardIdForSave(input.ward_id);
      if (
        wardId != null &&
        !backend.state.wards.some((w) => w.id === wardId && w.hospital_id === patient.hospital_id)
      )
        badField('patient.ward_id', "not a ward of the patient's hospital");
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
            { path: 'patient.patient_identificator', message: 'already used in this organisation' },
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
      return HttpResponse.json(wirePatient(patient));
    }),
    handle(e.hospital, ({ loaded }) =>
      HttpResponse.json(loaded.hospital ?? fail(notFound('Hospital'))),
    ),
    handle(e.wards, ({ caller: viewer, query }) => {
      const own = backend.hospital(viewer.hospital_id);
      const results = backend.state.wards
        .map((w) => ({ ...w, hospital: backend.hospital(w.hospital_id) }))
        .filter(
          (w) =>
            w.hospital !== undefined &&
            (w.hospital.id === viewer.hospital_id ||
              (own !== undefined && w.hospital.network_id === own.network_id)) &&
            w.hospital.name.toLowerCase().includes(query.search.toLowerCase()),
        )
        .sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id)
        .map((w) => ({
          id: w.id,
          name: w.name,
          hospital: w.hospital ? { id: w.hospital.id, name: w.hospital.name } : null,
        }));
      return HttpResponse.json({ results });
    }),
  ];
}
