import type { DatabaseTx } from '../db/client.js';
import { PATIENT_IMAGE_COLUMNS, type PatientImageRecord } from './access.js';

/** SQL of the patient images (POST /images, GET /images): the `images` rows of kind 'patient'. */

export interface NewPatientImage {
  key: string;
  title: string;
  filename: string;
  contentType: string;
  patientId: number;
  uploaderId: number;
  now: Date;
}

/** Records an uploaded patient image (its bytes already stored under `key`). */
export async function insertPatientImage(
  tx: DatabaseTx,
  image: NewPatientImage,
): Promise<PatientImageRecord | undefined> {
  const r = await tx.query<PatientImageRecord>(
    `insert into images (image_key, kind, title, filename, content_type, patient_id, uploader_id, created_at, modified_at)
     values ($1, 'patient', $2, $3, $4, $5, $6, $7, $7) returning ${PATIENT_IMAGE_COLUMNS}`,
    [
      image.key,
      image.title,
      image.filename,
      image.contentType,
      image.patientId,
      image.uploaderId,
      image.now,
    ],
  );
  return r.rows[0];
}

/** A patient's images, newest first, at most `limit`, each with the count of all of them. */
export async function listPatientImages(
  db: DatabaseTx,
  patientId: number,
  limit: number,
): Promise<(PatientImageRecord & { total: number })[]> {
  const r = await db.query<PatientImageRecord & { total: number }>(
    `select ${PATIENT_IMAGE_COLUMNS}, count(*) over ()::int as total from images
      where patient_id = $1 and kind = 'patient' and not deleted
      order by created_at desc, id desc limit $2`,
    [patientId, limit],
  );
  return r.rows;
}
