import { auditChange, auditNote } from '../audit/hooks.js';
import type { FastifyInstance } from 'fastify';
import {
  formsEndpoints,
  patientDataDifferences,
  PATIENT_DATA_FIELDS,
  requiredFieldErrors,
  TEXTS,
} from '@pando/domain';
import { callerOf } from '../authz/access.js';
import type { DatabaseTx } from '../db/client.js';
import { route } from '../http/endpoint.js';
import { notFound } from '../http/errors.js';
import { loadPatient } from '../patients/repo.js';
import type { UserRecord } from '../users/repo.js';
import { visibleTemplate } from './access.js';
import { insertSubmission, patientIdsMatching } from './repo.js';

type FlatPatient = Record<string, string | number | null>;

/**
 * The first patient matching `field = value` whom the caller sees (through one of their cards,
 * the patients area's rule: `loadPatient`), as a flat object of patient fields. Identifiers
 * compare without spaces and case, as their uniqueness does; names ignore case.
 */
async function findPatient(
  db: DatabaseTx,
  caller: UserRecord,
  field: (typeof PATIENT_DATA_FIELDS)[number],
  value: string,
): Promise<FlatPatient | undefined> {
  for (const id of await patientIdsMatching(db, caller.hospital_id, field, value)) {
    const found = await loadPatient(db, caller.id, id);
    if (!found) continue;
    const p = found.patient as unknown as Record<string, unknown>;
    const flat: FlatPatient = { id };
    for (const f of PATIENT_DATA_FIELDS) {
      const v = p[f];
      flat[f] = typeof v === 'string' || typeof v === 'number' ? v : null;
    }
    return flat;
  }
  return undefined;
}

/**
 * Filling a form (spec 02 §7 "Structured forms", issue 20): the scanner's patient lookup and the
 * submission with the domain's required/group rules and the patient confirm flow.
 */
export function registerSubmitRoutes(app: FastifyInstance): void {
  const e = formsEndpoints;

  route(
    app,
    e.patient,
    async (req) => {
      // The field looked up by, not the value (it may be an identifier).
      auditNote(req, { detail: { field: req.params.field } });
      const found = await findPatient(
        app.db,
        callerOf(req).user,
        req.params.field,
        req.params.value,
      );
      if (!found) throw notFound('Patient');
      auditNote(req, { resourceId: found.id, patientId: Number(found.id) });
      return found;
    },
    { audit: { action: 'patient.lookup', resource: 'patient', id: null } },
  );

  /**
   * Submits a filled template (`id` of a template the caller sees, else 404). Required controls
   * (and groups) failing the domain rule answer `{ status: 'error', error }` naming them, and
   * nothing is stored. When the form names a patient the caller sees (its control mapped to
   * `patient_identificator`) and its other patient fields differ from the record, the answer is
   * `{ status: 'confirm', patient_data }` until it is sent again with `confirmed: true`. Then the
   * submission is stored: `{ status: 'ok' }`.
   */
  route(
    app,
    e.submit,
    async (req) => {
      const { user } = callerOf(req);
      const form = req.body;
      const template = form.id ? await visibleTemplate(app.db, user, form.id) : undefined;
      if (!template) throw notFound('Template');
      const failing = new Set(requiredFieldErrors(form.controls));
      if (failing.size > 0) {
        const labels = form.controls.filter((c) => failing.has(c.id)).map((c) => c.label || c.id);
        return { status: 'error' as const, error: `${TEXTS.fillRequired}: ${labels.join(', ')}` };
      }
      const idControl = form.controls.find((c) => c.patient_data === 'patient_identificator');
      const idValue = typeof idControl?.value === 'string' ? idControl.value.trim() : '';
      const patient = idValue
        ? await findPatient(app.db, user, 'patient_identificator', idValue)
        : undefined;
      if (patient && !form.confirmed && patientDataDifferences(form.controls, patient).length > 0)
        return { status: 'confirm' as const, error: null, patient_data: patient };
      await app.db.transaction(async (tx) => {
        const submissionId = await insertSubmission(tx, {
          templateId: template.id,
          userId: user.id,
          values: form.controls.map((c) => ({ id: c.id, value: c.value ?? null })),
          patient: patient ?? null,
          confirmed: form.confirmed === true,
          at: app.config.now(),
        });
        await auditChange(req, tx, {
          resourceId: submissionId,
          patientId: patient ? Number(patient.id) : null,
          detail: { template_id: template.id },
        });
      });
      return { status: 'ok' as const, error: null };
    },
    { audit: { action: 'form.submit', resource: 'form_submission', change: true, id: null } },
  );
}
