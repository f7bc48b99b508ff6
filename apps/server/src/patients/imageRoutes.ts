import fsp from 'node:fs/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  CARD_IMAGES_LIMIT,
  PATIENT_IMAGE_UPLOADED_EVENT,
  PatientImageUploadFieldsSchema,
  uploadsEndpoints,
} from '@pando/domain';
import { recordEvent } from '../analytics/record.js';
import { auditChange, auditNote } from '../audit/hooks.js';
import { callerOf, loaded } from '../authz/access.js';
import { route } from '../http/endpoint.js';
import { notFound, parseInput } from '../http/errors.js';
import {
  detectType,
  discard,
  newUploadKey,
  processImage,
  receiveUpload,
  safeFilename,
  sendStored,
} from '../uploads/safety.js';
import type { UploadStore } from '../uploads/store.js';
import { readOnlyCard, type PatientImageRecord } from './access.js';
import { insertPatientImage, listPatientImages } from './imageRepo.js';
import { sendImageList } from './imageList.js';
import { loadPatient } from './repo.js';

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

const sendImage = (
  reply: FastifyReply,
  store: UploadStore,
  img: PatientImageRecord,
  thumbnail: boolean,
) =>
  sendStored(reply, store, thumbnail ? `${img.image_key}.thumb` : img.image_key, {
    contentType: thumbnail
      ? img.content_type === 'image/jpeg'
        ? 'image/jpeg'
        : 'image/png'
      : (img.content_type ?? 'application/octet-stream'),
    filename: img.filename ?? 'image',
  });

/** Patient images, through the chat uploads' safety (spec 01 §5, §9). */
export function registerImageRoutes(app: FastifyInstance, store: UploadStore): void {
  const e = uploadsEndpoints;

  /**
   * POST /images (multipart: image, title, filename, patient_id). The type is read from the
   * bytes, the image re-encoded without its metadata (EXIF, GPS), and its thumbnail made once,
   * here, and kept beside it. Only people who may edit one of the patient's cards add images;
   * a patient the caller cannot see is a 404.
   */
  route(
    app,
    e.uploadPatientImage,
    async (req, reply) => {
      const { user } = callerOf(req);
      const upload = await receiveUpload(req, store, 'image');
      try {
        const fields = parseInput(PatientImageUploadFieldsSchema, upload.fields);
        auditNote(req, { patientId: fields.patient_id });
        const found = await loadPatient(app.db, user.id, fields.patient_id);
        if (!found) throw notFound('Patient');
        if (found.access !== 'edit') throw readOnlyCard();
        const type = await detectType(upload, ['image']);
        const processed = await processImage(await fsp.readFile(upload.tempPath), type);
        const key = newUploadKey();
        const filename = safeFilename(fields.filename || upload.filename, 'image');
        const now = app.config.now();
        await store.put(key, processed.data);
        await store.put(`${key}.thumb`, processed.thumbnail);
        try {
          const img = await app.db.transaction(async (tx) => {
            const row = await insertPatientImage(tx, {
              key,
              title: fields.title || filename,
              filename,
              contentType: processed.contentType,
              patientId: fields.patient_id,
              uploaderId: user.id,
              now,
            });
            await recordEvent(tx, {
              type: PATIENT_IMAGE_UPLOADED_EVENT,
              at: now,
              userId: user.id,
              hasImage: true,
              hasPatient: true,
              data: { image_id: row?.id, patient_id: fields.patient_id },
            });
            await auditChange(req, tx, { resourceId: row?.id ?? null });
            return row;
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
    {
      audit: {
        action: 'patient_image.create',
        resource: 'patient_image',
        change: true,
        id: null,
      },
    },
  );

  route(
    app,
    e.patientImage,
    async (req, reply) =>
      sendImage(reply, store, loaded(req, 'patientImage'), req.query.thumbnail === 'true'),
    { audit: { action: 'patient_image.read', resource: 'patient_image', read: true } },
  );

  /** The patient's images, newest first, with their bytes (thumbnails unless thumbnail=false). */
  route(
    app,
    e.patientImages,
    async (req, reply) => {
      const { patient } = loaded(req, 'patient');
      const thumbnail = req.query.thumbnail === 'true';
      const rows = await listPatientImages(app.db, patient.id, CARD_IMAGES_LIMIT);
      // Streamed image by image, a step of bytes at a time (issue 36: memory per request).
      const entries = rows.map((img) => ({
        meta: imageMeta(img, thumbnail),
        key: thumbnail ? `${img.image_key}.thumb` : img.image_key,
      }));
      return sendImageList(reply, store, entries, rows[0]?.total ?? 0);
    },
    { audit: { action: 'patient_image.list', resource: 'patient_images', id: null, read: true } },
  );
}
