import type { FastifyRequest } from 'fastify';
import { parseEmbed, TEXTS } from '@pando/domain';
import type { DatabaseTx } from '../db/client.js';
import type { hospitals, images } from '../db/schema/index.js';
import { HttpError, notFound } from '../http/errors.js';
import type { UserRecord } from '../users/repo.js';
import {
  type CardEmbeds,
  type LoadedCard,
  loadCard,
  loadPatient,
  type PatientJson,
} from './repo.js';

/** What the patient area's access guards load for their handlers (src/authz/access.ts). */
interface PatientScopedResources {
  card: LoadedCard;
  patient: { patient: PatientJson; access: 'edit' | 'read' };
  patientImage: PatientImageRecord;
  hospital: HospitalRecord;
}

declare module '../authz/access.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged into the guards' result type
  interface ScopedResources extends PatientScopedResources {}
}

/** A write to a card or patient the caller only reads (it was shared with them). */
export const readOnlyCard = () =>
  new HttpError(403, TEXTS.cardReadOnly, undefined, 'CARD_READ_ONLY');

const params = (req: FastifyRequest) => req.params as Record<string, number | undefined>;
const query = (req: FastifyRequest) => (req.query ?? {}) as Record<string, unknown>;

/** The embeds a card route was asked for (`?embed=patient,users,teams`). */
export function cardEmbeds(embed: unknown): CardEmbeds {
  const names = parseEmbed(typeof embed === 'string' ? embed : undefined);
  return { patient: names.has('patient'), users: names.has('users'), teams: names.has('teams') };
}

type PatientGuard = (
  req: FastifyRequest,
  caller: UserRecord,
) => Promise<Partial<PatientScopedResources>>;

/**
 * A card the caller sees (`edit: false`) or may change (`edit: true`). One that does not exist
 * for them is a 404 exactly like a missing id; a shared (read-only) card refuses writes with 403.
 */
const cardGuard =
  (edit: boolean): PatientGuard =>
  async (req, caller) => {
    const card = await loadCard(
      req.server.db,
      caller.id,
      Number(params(req).id),
      cardEmbeds(query(req).embed),
    );
    if (!card) throw notFound('Patient card');
    if (edit && card.access !== 'edit') throw readOnlyCard();
    return { card };
  };

/** A patient seen through one of their cards; `edit` needs an editable one. */
const patientGuard =
  (edit: boolean, from: 'params' | 'query'): PatientGuard =>
  async (req, caller) => {
    const id = Number(from === 'params' ? params(req).id : query(req).patient_id);
    const found = await loadPatient(req.server.db, caller.id, id);
    if (!found || found.access === 'none') throw notFound('Patient');
    if (edit && found.access !== 'edit') throw readOnlyCard();
    return { patient: { patient: found.patient, access: found.access } };
  };

export type PatientImageRecord = Pick<
  typeof images.$inferSelect,
  | 'id'
  | 'image_key'
  | 'title'
  | 'filename'
  | 'content_type'
  | 'uploader_id'
  | 'created_at'
  | 'modified_at'
> & {
  /** Never null: the queries read patient images only (`patient_id is not null`). */
  patient_id: number;
};

export const PATIENT_IMAGE_COLUMNS =
  'id, image_key::text as image_key, title, filename, content_type, patient_id, uploader_id, created_at, modified_at';

async function findPatientImage(
  db: DatabaseTx,
  id: number,
): Promise<PatientImageRecord | undefined> {
  const r = await db.query<PatientImageRecord>(
    `select ${PATIENT_IMAGE_COLUMNS} from images
      where id = $1 and kind = 'patient' and not deleted and patient_id is not null`,
    [id],
  );
  return r.rows[0];
}

export type HospitalRecord = Pick<
  typeof hospitals.$inferSelect,
  'id' | 'uuid' | 'name' | 'longitude' | 'latitude' | 'radius' | 'deleted' | 'network_id'
>;

/**
 * The access rules of the patient area, named by the routes' `config.access` and run by the
 * authentication scope's guard hook like every other scope (src/authz/access.ts SCOPES).
 */
export const PATIENT_SCOPES = {
  'card:viewer': {
    who: 'the creator, assignees and members of assigned teams; people it was shared with (read-only)',
    guard: cardGuard(false),
  },
  'card:editor': {
    who: 'the creator, assignees and members of assigned teams (a card only shared with you is read-only)',
    guard: cardGuard(true),
  },
  'patient:viewer': {
    who: 'people who see one of the patient’s cards',
    guard: patientGuard(false, 'params'),
  },
  'patient:editor': {
    who: 'people who may edit one of the patient’s cards',
    guard: patientGuard(true, 'params'),
  },
  'patient-images:viewer': {
    who: 'people who see one of the patient’s cards (?patient_id=)',
    guard: patientGuard(false, 'query'),
  },
  'patient-image:viewer': {
    who: 'people who see one of the cards of the image’s patient',
    guard: async (req, caller) => {
      const image = await findPatientImage(req.server.db, Number(params(req).id));
      // An image of a patient the caller cannot see is the same 404 as a missing one.
      const found = image && (await loadPatient(req.server.db, caller.id, image.patient_id));
      if (!image || !found) throw notFound('Image');
      return { patientImage: image };
    },
  },
  'hospital:network': {
    who: 'people of the hospital’s network (or the hospital itself, without a network)',
    guard: async (req, caller) => {
      const r = await req.server.db.query<HospitalRecord>(
        `select id, uuid::text as uuid, name, longitude, latitude, radius, deleted, network_id
           from hospitals where id = $1`,
        [Number(params(req).id)],
      );
      const hospital = r.rows[0];
      const visible =
        hospital !== undefined &&
        (hospital.id === caller.hospital_id ||
          (caller.network_id !== null && hospital.network_id === caller.network_id));
      if (!hospital || !visible) throw notFound('Hospital');
      return { hospital };
    },
  },
} satisfies Record<string, { who: string; guard: PatientGuard }>;
