import fsp from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { ChatImageUploadFieldsSchema, TEXTS, uploadsEndpoints } from '@pando/domain';
import { recordEvent } from '../analytics/record.js';
import { callerOf, loaded } from '../authz/access.js';
import { route } from '../http/endpoint.js';
import { HttpError, notFound, parseInput } from '../http/errors.js';
import { one } from '../teams/repo.js';
import type { ChatImageRecord } from './access.js';
import { insertChatImage, setChatImageUpload } from './repo.js';
import {
  detectType,
  discard,
  newUploadKey,
  processImage,
  receiveUpload,
  safeFilename,
  sendStored,
} from './safety.js';
import type { UploadStore } from './store.js';

const imageMeta = (img: ChatImageRecord) => ({
  id: img.id,
  image_key: img.image_key,
  title: img.title,
  filename: img.filename,
  created_at: img.created_at.toISOString(),
  modified_at: img.modified_at.toISOString(),
  deleted: false,
});

/** Chat images (spec 01 §3): the record, its bytes once, their download (or thumbnail). */
export function registerChatImageRoutes(app: FastifyInstance, store: UploadStore): void {
  const e = uploadsEndpoints;

  /** Creates the chat image record first (the client sends a placeholder message meanwhile). */
  route(app, e.createChatImage, async (req, reply) => {
    const { user } = callerOf(req);
    const now = app.config.now();
    const id = await insertChatImage(app.db, { key: newUploadKey(), uploaderId: user.id, now });
    reply.code(201);
    return { id };
  });

  /**
   * Uploads the bytes (multipart `image`, optional `filename`). Only the uploader, once: a record
   * that already has its image answers 409 (decision: an image in a chat never changes under
   * the people who saw it).
   */
  route(app, e.uploadChatImage, async (req) => {
    const { user } = callerOf(req);
    const img = loaded(req, 'image');
    const alreadyUploaded = () =>
      new HttpError(409, TEXTS.imageAlreadyUploaded, undefined, 'IMAGE_ALREADY_UPLOADED');
    if (img.content_type !== null) throw alreadyUploaded();
    const upload = await receiveUpload(req, store, 'image');
    try {
      const { filename } = parseInput(ChatImageUploadFieldsSchema, upload.fields);
      const type = await detectType(upload, ['image']);
      const processed = await processImage(await fsp.readFile(upload.tempPath), type);
      const name = safeFilename(filename ?? upload.filename, 'image');
      const now = app.config.now();
      const row = await app.db.transaction(async (tx) => {
        // Claimed first (the check above may have raced another upload of this image): the row
        // lock holds a second upload here until this one ends, and it then finds the image
        // uploaded (409). So only the upload that owns the row writes the image's key.
        const rows = await setChatImageUpload(tx, {
          id: img.id,
          name,
          contentType: processed.contentType,
          now,
        });
        if (rows.length === 0) throw alreadyUploaded();
        try {
          await store.put(img.image_key, processed.data);
          await store.put(`${img.image_key}.thumb`, processed.thumbnail);
          await recordEvent(tx, {
            type: 'image_uploaded',
            at: now,
            userId: user.id,
            hasImage: true,
            data: { image_id: img.id },
          });
        } catch (err) {
          // Removed while the row is still locked (after the rollback a retry may store them
          // again): bytes whose record is rolled back would be served to no one, kept forever.
          await Promise.allSettled(
            [img.image_key, `${img.image_key}.thumb`].map((key) => store.delete(key)),
          );
          throw err;
        }
        return one(rows);
      });
      return imageMeta(row);
    } finally {
      await discard(upload);
    }
  });

  route(app, e.chatImage, async (req, reply) => {
    const img = loaded(req, 'image');
    if (img.content_type === null) throw notFound('Image');
    const thumb = req.query.thumbnail === 'true';
    return sendStored(reply, store, thumb ? `${img.image_key}.thumb` : img.image_key, {
      contentType: thumb
        ? img.content_type === 'image/jpeg'
          ? 'image/jpeg'
          : 'image/png'
        : img.content_type,
      filename: img.filename ?? 'image',
    });
  });
}
