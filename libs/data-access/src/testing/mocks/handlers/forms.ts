import {
  bumpVersion,
  canEditTemplate,
  clearValues,
  deleteTemplateError,
  FormTemplateSchema,
  patientDataDifferences,
  PATIENT_DATA_FIELDS,
  requiredFieldErrors,
  StructuredEmailBodySchema,
  templateChanged,
  TEXTS,
  type FormTemplate,
  displayName,
  sameTemplateTitle,
  templateTitleTaken,
} from '@pando/domain';
import { DEMO_FORM_TEMPLATES, DEMO_ORGANISATIONS } from '@pando/domain/demo';
import { HttpResponse } from 'msw';
import { http } from './http';
import type { MockBackend, MockUser } from '../backend';
import { guard } from './guard';
import { sniffType } from './media';
import {
  api,
  apiError,
  fail,
  notFound,
  numberParam,
  parseBody,
  patientAccessOf,
  requireUser,
  apiErrorOf,
} from './util';
import { versionOf } from './recordVersion';
import { refuseStale, touch } from './versions';

const MAX_BYTES = 26_214_400;

interface StoredFile {
  guid: string;
  owner_id: number;
  filename: string;
  content_type: string;
  bytes: Uint8Array;
}

/** The structured-forms state of one mock backend (kept beside it, not in its shared state). */
interface FormsState {
  templates: FormTemplate[];
  files: Map<string, StoredFile>;
  nextId: number;
  nextFile: number;
}

const states = new WeakMap<MockBackend, FormsState>();

/**
 * The demo starts with the demo organisation's templates, as the server seeds them
 * (@pando/domain/demo DEMO_FORM_TEMPLATES: the built-in samples, by St Elsewhere's organisation
 * admin, public to St Elsewhere).
 */
function stateOf(backend: MockBackend): FormsState {
  let state = states.get(backend);
  if (!state) {
    // The mock seed numbers organisations in the dataset's order.
    const organisations = Object.keys(DEMO_ORGANISATIONS);
    state = {
      templates: DEMO_FORM_TEMPLATES.map((f, i) => ({
        ...f.template,
        id: i + 1,
        created_by_id: backend.userByEmail(f.owner)?.id ?? null,
        trust_id: backend.state.hospitals[organisations.indexOf(f.organisation)]?.id ?? null,
      })),
      files: new Map(),
      nextId: DEMO_FORM_TEMPLATES.length + 1,
      nextFile: 1,
    };
    states.set(backend, state);
  }
  return state;
}

/** The server's rule: own templates and those of the caller's organisation; deleted ones nobody. */
const visible = (t: FormTemplate, user: MockUser) =>
  !t.deleted && (t.created_by_id === user.id || t.trust_id === user.hospital_id);

function visibleTemplate(state: FormsState, user: MockUser, id: number): FormTemplate {
  return state.templates.find((t) => t.id === id && visible(t, user)) ?? fail(notFound('Template'));
}

/** The first patient matching `field = value` whom the caller sees through a card, flattened. */
function findPatient(backend: MockBackend, user: MockUser, field: string, value: string) {
  const norm = (v: string) =>
    field === 'patient_identificator' ? v.replace(/\s/g, '').toLowerCase() : v.toLowerCase();
  const patient = backend.state.patients.find((p) => {
    const own = (p as unknown as Record<string, unknown>)[field];
    return (
      p.hospital_id === user.hospital_id &&
      typeof own === 'string' &&
      norm(own) === norm(value) &&
      patientAccessOf(backend, p.id, user) !== 'none'
    );
  });
  if (!patient) return undefined;
  const flat: Record<string, string | number | null> = { id: patient.id };
  for (const f of PATIENT_DATA_FIELDS) flat[f] = patient[f];
  return flat;
}

function requireOwnFile(
  state: FormsState,
  user: MockUser,
  guid: string | readonly string[] | undefined,
) {
  const file = state.files.get(String(guid));
  return file && file.owner_id === user.id ? file : fail(notFound('File'));
}

/**
 * Structured forms (spec 02 §7) on the mock backend, with the server's rules from the domain:
 * visibility, owner-only save and delete, version bump on change, required/group rules and the
 * patient confirm flow, and the email export into the mock mailbox.
 */
export function formHandlers(backend: MockBackend) {
  // The file and its thumbnail: the mock keeps one copy of the bytes and serves it for both.
  const serveFile = guard(({ request, cookies, params }) => {
    const file = requireOwnFile(
      stateOf(backend),
      requireUser(backend, cookies, request),
      params.guid,
    );
    return new HttpResponse(file.bytes.slice().buffer, {
      headers: { 'Content-Type': file.content_type },
    });
  });
  return [
    http.get(
      api('/structured/templates'),
      guard(({ request, cookies }) => {
        const user = requireUser(backend, cookies, request);
        const results = stateOf(backend)
          .templates.filter((t) => visible(t, user))
          .sort((a, b) => a.title.toLowerCase().localeCompare(b.title.toLowerCase()))
          .map((t) => ({ ...t, modified_at: versionOf(t) }));
        return HttpResponse.json({ results });
      }),
    ),
    http.get(
      api('/structured/template'),
      guard(({ request, cookies }) => {
        const user = requireUser(backend, cookies, request);
        const query = new URL(request.url).searchParams;
        const name = query.get('name') ?? '';
        const version = query.get('version') ?? '';
        const found = stateOf(backend).templates.find(
          (t) => visible(t, user) && sameTemplateTitle(t.title, name) && t.version === version,
        );
        return found
          ? HttpResponse.json({ ...found, modified_at: versionOf(found) })
          : notFound('Template');
      }),
    ),
    http.post(
      api('/structured/template/:id'),
      guard(async ({ request, cookies, params }) => {
        const user = requireUser(backend, cookies, request);
        const state = stateOf(backend);
        const id = numberParam(params.id, 'id');
        const body = await parseBody(request, FormTemplateSchema);
        const t = { ...body, controls: clearValues(body.controls) };
        const clash = (except: number | undefined, version: string) =>
          state.templates.some(
            (o) =>
              !o.deleted &&
              o.id !== except &&
              o.trust_id === user.hospital_id &&
              sameTemplateTitle(o.title, t.title) &&
              o.version === version,
          );
        const taken = () => fail(apiErrorOf(templateTitleTaken()));
        if (id === 0) {
          if (clash(undefined, t.version)) taken();
          const created = {
            ...t,
            id: state.nextId++,
            created_by_id: user.id,
            trust_id: user.hospital_id,
            modified_at: backend.timestamp(),
          };
          state.templates.push(created);
          return HttpResponse.json({
            status: 'ok',
            version: created.version,
            template_id: created.id,
            error: null,
          });
        }
        const stored = visibleTemplate(state, user, id);
        if (!canEditTemplate(stored, user.id)) fail(apiError(403, TEXTS.templateOwnerOnly));
        if (!templateChanged(stored, t))
          return HttpResponse.json({
            status: 'ok',
            version: stored.version,
            template_id: id,
            error: null,
          });
        // As the server: a change made on a stale copy is refused (issue 35).
        refuseStale(request, stored, body.modified_at);
        const version = bumpVersion(stored.version);
        if (clash(id, version)) taken();
        Object.assign(stored, {
          ...t,
          id,
          version,
          created_by_id: stored.created_by_id,
          trust_id: stored.trust_id,
          modified_at: stored.modified_at,
        });
        touch(backend, stored);
        return HttpResponse.json({ status: 'ok', version, template_id: id, error: null });
      }),
    ),
    http.delete(
      api('/structured/template/:id'),
      guard(({ request, cookies, params }) => {
        const user = requireUser(backend, cookies, request);
        const stored = visibleTemplate(stateOf(backend), user, numberParam(params.id, 'id'));
        const refusal = deleteTemplateError(stored, user.id);
        if (refusal) fail(apiError(403, refusal));
        stored.deleted = true;
        return new HttpResponse(null, { status: 204 });
      }),
    ),
    http.get(
      api('/structured/patients/:field/:value'),
      guard(({ request, cookies, params }) => {
        const user = requireUser(backend, cookies, request);
        const field = String(params.field);
        if (!(PATIENT_DATA_FIELDS as readonly string[]).includes(field))
          fail(apiError(400, 'Invalid request: field'));
        const found = findPatient(backend, user, field, String(params.value));
        return found ? HttpResponse.json(found) : notFound('Patient');
      }),
    ),
    http.post(
      api('/structured/forms'),
      guard(async ({ request, cookies }) => {
        const user = requireUser(backend, cookies, request);
        const form = await parseBody(request, FormTemplateSchema);
        if (form.id == null) fail(notFound('Template'));
        visibleTemplate(stateOf(backend), user, form.id);
        const failing = new Set(requiredFieldErrors(form.controls));
        if (failing.size > 0) {
          const labels = form.controls.filter((c) => failing.has(c.id)).map((c) => c.label || c.id);
          return HttpResponse.json({
            status: 'error',
            error: `${TEXTS.fillRequired}: ${labels.join(', ')}`,
          });
        }
        const idControl = form.controls.find((c) => c.patient_data === 'patient_identificator');
        const idValue = typeof idControl?.value === 'string' ? idControl.value.trim() : '';
        const patient = idValue
          ? findPatient(backend, user, 'patient_identificator', idValue)
          : undefined;
        if (patient && !form.confirmed && patientDataDifferences(form.controls, patient).length > 0)
          return HttpResponse.json({ status: 'confirm', error: null, patient_data: patient });
        return HttpResponse.json({ status: 'ok', error: null });
      }),
    ),
    http.post(
      api('/structured/files'),
      guard(async ({ request, cookies }) => {
        const user = requireUser(backend, cookies, request);
        const form = await request
          .formData()
          .catch(() => fail(apiError(400, 'Invalid request: multipart body expected')));
        const file = form.get('file');
        if (!(file instanceof File)) return fail(apiError(400, 'Invalid request: file'));
        if (file.size > MAX_BYTES) return fail(apiError(413, 'file is larger than 25 MB'));
        // As the server: the type from the bytes, documents and images only.
        const bytes = new Uint8Array(await file.arrayBuffer());
        const type = sniffType(bytes);
        if (!type) return fail(apiError(415, 'This file type is not accepted.'));
        const state = stateOf(backend);
        const guid = `mock-${String(state.nextFile++)}`;
        state.files.set(guid, {
          guid,
          owner_id: user.id,
          filename: file.name,
          content_type: type,
          bytes,
        });
        return HttpResponse.json({ file: { file_guid: guid } }, { status: 201 });
      }),
    ),
    http.get(api('/structured/files/thumbnail/:guid'), serveFile),
    http.get(api('/structured/files/:guid'), serveFile),
    http.delete(
      api('/structured/files/:guid'),
      guard(({ request, cookies, params }) => {
        const state = stateOf(backend);
        const file = requireOwnFile(state, requireUser(backend, cookies, request), params.guid);
        state.files.delete(file.guid);
        return new HttpResponse(null, { status: 204 });
      }),
    ),
    http.post(
      api('/structured/email/:kind/:guid'),
      guard(async ({ request, cookies, params }) => {
        const user = requireUser(backend, cookies, request);
        const file = requireOwnFile(stateOf(backend), user, params.guid);
        const { address } = await parseBody(request, StructuredEmailBodySchema);
        if (params.kind === 'image' && !file.content_type.startsWith('image/'))
          fail(notFound('Image'));
        backend.sendMail({
          to: address.toLowerCase(),
          subject: `Pando: ${file.filename}`,
          text: `${displayName(user)} (${user.email}) sent you a ${String(params.kind)} from a form in Pando: ${file.filename}.`,
          attachments: [
            {
              filename: file.filename,
              content_type: file.content_type,
              size: file.bytes.length,
              sha256: '',
            },
          ],
        });
        return HttpResponse.json({
          message: `${file.filename} was sent to ${address.toLowerCase()}`,
        });
      }),
    ),
  ];
}
