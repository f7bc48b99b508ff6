import {
  bumpVersion,
  clearValues,
  displayName,
  formsEndpoints as e,
  patientDataDifferences,
  PATIENT_DATA_FIELDS,
  requiredFieldErrors,
  sameTemplateTitle,
  templateChanged,
  templateTitleTaken,
  TEXTS,
} from '@pando/domain';
import { HttpResponse } from 'msw';
import { mockUuid, type MockBackend, type MockUser } from '../backend';
import { declaredHandlers } from './endpoint';
import { readUpload, uploadType } from './media';
import { formsStateOf, visible, visibleTemplate, type StoredFile } from './scopes/forms';
import { apiErrorOf, fail, notFound, patientAccessOf } from './util';
import { versionOf } from './recordVersion';
import { refuseStale, touch } from './versions';

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

/**
 * Structured forms (spec 02 §7) on the mock backend, from their declarations (@pando/domain
 * formsEndpoints; the owner and file rules in scopes/forms.ts), with the server's rules from the
 * domain: visibility, version bump on change, required/group rules and the patient confirm flow,
 * and the email export into the mock mailbox.
 */
export function formHandlers(backend: MockBackend) {
  const handle = declaredHandlers(backend);
  const state = () => formsStateOf(backend);
  const withVersion = <T extends { modified_at?: string | undefined }>(t: T) => ({
    ...t,
    modified_at: versionOf(t),
  });
  // The file and its thumbnail: the mock keeps one copy of the bytes and serves it for both.
  const serveFile = ({ loaded }: { loaded: { structuredFile?: StoredFile } }) => {
    const file = loaded.structuredFile ?? fail(notFound('File'));
    return new HttpResponse(file.bytes.slice().buffer, {
      headers: { 'Content-Type': file.content_type },
    });
  };
  return [
    handle(e.templates, ({ caller }) => {
      const results = state()
        .templates.filter((t) => visible(t, caller))
        .sort((a, b) => a.title.toLowerCase().localeCompare(b.title.toLowerCase()))
        .map(withVersion);
      return HttpResponse.json({ results });
    }),
    handle(e.template, ({ caller, query }) => {
      const found = state().templates.find(
        (t) =>
          visible(t, caller) &&
          sameTemplateTitle(t.title, query.name) &&
          t.version === query.version,
      );
      return found ? HttpResponse.json(withVersion(found)) : notFound('Template');
    }),
    handle(e.saveTemplate, ({ caller, body, loaded, request }) => {
      const forms = state();
      const t = { ...body, controls: clearValues(body.controls) };
      const taken = (except: number | undefined, version: string) =>
        forms.templates.some(
          (o) =>
            !o.deleted &&
            o.id !== except &&
            o.trust_id === caller.hospital_id &&
            sameTemplateTitle(o.title, t.title) &&
            o.version === version,
        ) && fail(apiErrorOf(templateTitleTaken()));
      const stored = loaded.template;
      if (!stored) {
        taken(undefined, t.version);
        const id = forms.nextId++;
        const created = { ...t, id, created_by_id: caller.id, trust_id: caller.hospital_id };
        forms.templates.push({ ...created, modified_at: backend.timestamp() });
        return HttpResponse.json({
          status: 'ok',
          version: t.version,
          template_id: id,
          error: null,
        });
      }
      const id = stored.id;
      if (!templateChanged(stored, t)) {
        const unchanged = { status: 'ok', version: stored.version, template_id: id, error: null };
        return HttpResponse.json(unchanged);
      }
      // As the server: a change made on a stale copy is refused (issue 35).
      refuseStale(request, stored, body.modified_at);
      const version = bumpVersion(stored.version);
      taken(id, version);
      const { created_by_id, trust_id, modified_at } = stored;
      Object.assign(stored, { ...t, id, version, created_by_id, trust_id, modified_at });
      touch(backend, stored);
      return HttpResponse.json({ status: 'ok', version, template_id: id, error: null });
    }),
    handle(e.deleteTemplate, ({ loaded }) => {
      if (loaded.template) loaded.template.deleted = true;
      return new HttpResponse(null, { status: 204 });
    }),
    handle(e.patient, ({ caller, params }) => {
      const found = findPatient(backend, caller, params.field, params.value);
      return found ? HttpResponse.json(found) : notFound('Patient');
    }),
    handle(e.submit, ({ caller, body: form }) => {
      visibleTemplate(backend, caller, form.id ?? fail(notFound('Template')));
      const failing = new Set(requiredFieldErrors(form.controls));
      if (failing.size > 0) {
        const labels = form.controls.filter((c) => failing.has(c.id)).map((c) => c.label || c.id);
        const error = `${TEXTS.fillRequired}: ${labels.join(', ')}`;
        return HttpResponse.json({ status: 'error', error });
      }
      const idControl = form.controls.find((c) => c.patient_data === 'patient_identificator');
      const idValue = typeof idControl?.value === 'string' ? idControl.value.trim() : '';
      const patient = idValue
        ? findPatient(backend, caller, 'patient_identificator', idValue)
        : undefined;
      if (patient && !form.confirmed && patientDataDifferences(form.controls, patient).length > 0)
        return HttpResponse.json({ status: 'confirm', error: null, patient_data: patient });
      return HttpResponse.json({ status: 'ok', error: null });
    }),
    handle(e.upload, async ({ caller, request }) => {
      const { file, bytes } = await readUpload(request, 'file');
      // As the server: the type from the bytes, documents and images only.
      const type = uploadType(bytes, ['image', 'document']);
      // A uuid per upload, as the server's guids (its URLs take uuids only).
      const guid = mockUuid(0, state().nextFile++);
      const stored = { guid, owner_id: caller.id, filename: file.name, content_type: type, bytes };
      state().files.set(guid, stored);
      return HttpResponse.json({ file: { file_guid: guid } }, { status: 201 });
    }),
    // As the server: only an image has a thumbnail; a document's is a 404.
    handle(e.thumbnail, ({ loaded }) =>
      loaded.structuredFile?.content_type.startsWith('image/') === false
        ? notFound('Thumbnail')
        : serveFile({ loaded }),
    ),
    handle(e.file, serveFile),
    handle(e.deleteFile, ({ params }) => {
      state().files.delete(params.guid);
      return new HttpResponse(null, { status: 204 });
    }),
    handle(e.email, ({ caller, params, body, loaded }) => {
      const file = loaded.structuredFile ?? fail(notFound('File'));
      if (params.kind === 'image' && !file.content_type.startsWith('image/'))
        fail(notFound('Image'));
      const address = body.address.toLowerCase();
      const { filename, content_type } = file;
      backend.sendMail({
        to: address,
        subject: `Pando: ${filename}`,
        text: `${displayName(caller)} (${caller.email}) sent you a ${params.kind} from a form in Pando: ${filename}.`,
        attachments: [{ filename, content_type, size: file.bytes.length, sha256: '' }],
      });
      return HttpResponse.json({ message: `${filename} was sent to ${address}` });
    }),
  ];
}
