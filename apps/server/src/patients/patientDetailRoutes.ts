import type { FastifyInstance } from 'fastify';
import {
  normalizePatientIdentifier,
  PATIENT_IDENTIFIER_TAKEN,
  PATIENT_IDENTIFIER_TAKEN_MESSAGE,
  patientsEndpoints,
  wardIdForSave,
} from '@pando/domain';
import { auditChange } from '../audit/hooks.js';
import { callerOf, loaded } from '../authz/access.js';
import type { DatabaseTx } from '../db/client.js';
import { route } from '../http/endpoint.js';
import { badField, HttpError, notFound } from '../http/errors.js';
import { lockAtVersion, versionOf } from '../http/versions.js';
import { announceCardChange, cardAudience } from './cache.js';
import {
  cardIdsOfPatient,
  identifierTaken,
  loadPatient,
  updatePatient,
  wardOfHospital,
} from './repo.js';

/** A patient, read and saved through one of their cards (spec 01 §7). */
export function registerPatientDetailRoutes(app: FastifyInstance): void {
  const e = patientsEndpoints;

  route(app, e.patient, (req) => Promise.resolve(loaded(req, 'patient').patient), {
    audit: { action: 'patient.read', resource: 'patient', read: true },
  });

  /**
   * PUT /patients/{id} `{ patient }`: names, date of birth, gender, identifier (unique in the
   * organisation: 409 PATIENT_IDENTIFIER_TAKEN), notes, bed, ward (one of the organisation's
   * wards; 0 or null for none). Decision: a patient stays in the organisation of their cards —
   * `hospital_id` in the body is ignored.
   */
  route(
    app,
    e.updatePatient,
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
      const cardIds = await cardIdsOfPatient(app.db, patient.id);
      announceCardChange(app, await cardAudience(app.db, cardIds));
      const after = await loadPatient(app.db, user.id, patient.id);
      if (!after) throw notFound('Patient');
      return after.patient;
    },
    { audit: { action: 'patient.update', resource: 'patient', change: true } },
  );
}
