import fsp from 'node:fs/promises';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { FileUploadFieldsSchema, IdParamSchema, IdSchema, ShareBodySchema } from '@pando/domain';
import { recordEvent } from '../analytics/record.js';
import { requireUser } from '../auth/sessions.js';
import { HttpError, notFound, parseInput } from '../http/errors.js';
import type { UserRecord } from '../users/repo.js';
import { one } from '../teams/repo.js';
import { addShare, canReadShared, canShareTo, forbiddenRead, type ShareTarget } from './access.js';
import {
  detectType,
  DOWNLOAD_CSP,
  discard,
  MULTIPART_LIMITS,
  newUploadKey,
  processImage,
  receiveUpload,
  safeFilename,
  sendStored,
} from './safety.js';
import { DirectoryUploadStore, type UploadStore } from './store.js';

const ThumbnailQuerySchema = z.object({ thumbnail: z.enum(['true', 'false']).default('false') });
const ShareParamSchema = z.object({
  id: z.coerce.number().pipe(IdSchema.max(2_147_483_647)),
  targetId: z.coerce.number().pipe(IdSchema.max(2_147_483_647)),
});
const ImageFieldsSchema = z.object({ filename: z.string().max(1000).optional() });

interface ImageRow {
  id: number;
  image_key: string;
  uploader_id: number | null;
  filename: string | null;
  content_type: string | null;
  title: string | null;
  created_at: Date;
  modified_at: Date;
}

/** The store of an app: `DATA_DIR/uploads` unless a test or deployment passes another. */
export function createUploadStore(dataDir: string): UploadStore {
  return new DirectoryUploadStore(path.join(dataDir, 'uploads'));
}

export function registerUploadRoutes(
  app: FastifyInstance,
  store: UploadStore = createUploadStore(app.config.dataDir),
): void {
  void app.register(fastifyMultipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
  // Runs after the app-wide security headers (child hooks run last): downloads get a CSP that
  // sandboxes them even if a browser were ever to render one.
  app.addHook('onSend', async (_req, reply, payload) => {
    if (String(reply.getHeader('content-disposition') ?? '').startsWith('attachment')) {
      reply.header('Content-Security-Policy', DOWNLOAD_CSP);
    }
    return payload;
  });

  async function imageFor(viewer: UserRecord, req: FastifyRequest): Promise<ImageRow> {
    const { id } = parseInput(IdParamSchema, req.params);
    const r = await app.db.query<ImageRow>(
      `select id, image_key::text as image_key, uploader_id, filename, content_type, title, created_at, modified_at
         from images where id = $1 and kind = 'chat' and not deleted`,
      [id],
    );
    const img = r.rows[0];
    if (!img) throw notFound('Image');
    if (
      !(await canReadShared(app.db, viewer, {
        type: 'image',
        id: img.id,
        uploaderId: img.uploader_id,
      }))
    )
      throw forbiddenRead();
    return img;
  }

  const imageMeta = (img: ImageRow) => ({
    id: img.id,
    image_key: img.image_key,
    title: img.title,
    filename: img.filename,
    created_at: img.created_at.toISOString(),
    modified_at: img.modified_at.toISOString(),
    deleted: false,
  });

  /** Creates the chat image record first (the client sends a placeholder message meanwhile). */
  app.post('/api/v4/images/chat', async (req, reply) => {
    const { user } = await requireUser(app, req);
    const now = app.config.now();
    const r = await app.db.query<{ id: number }>(
      `insert into images (image_key, kind, uploader_id, created_at, modified_at) values ($1, 'chat', $2, $3, $3) returning id`,
      [newUploadKey(), user.id, now],
    );
    reply.code(201);
    return { id: one(r.rows).id };
  });

  /**
   * Uploads the bytes (multipart `image`, optional `filename`). Only the uploader, once: a record
   * that already has its image answers 409 (decision: an image in a chat never changes under
   * the people who saw it).
   */
  app.put('/api/v4/images/chat/:id', async (req) => {
    const { user } = await requireUser(app, req);
    const img = await imageFor(user, req);
    if (img.uploader_id !== user.id) throw forbiddenRead();
    if (img.content_type !== null)
      throw new HttpError(
        409,
        'This image has already been uploaded.',
        undefined,
        'IMAGE_ALREADY_UPLOADED',
      );
    const upload = await receiveUpload(req, store, 'image');
    try {
      const { filename } = parseInput(ImageFieldsSchema, upload.fields);
      const type = await detectType(upload, ['image']);
      const processed = await processImage(await fsp.readFile(upload.tempPath), type);
      await store.put(img.image_key, processed.data);
      await store.put(`${img.image_key}.thumb`, processed.thumbnail);
      const name = safeFilename(filename ?? upload.filename, 'image');
      const now = app.config.now();
      const r = await app.db.query<ImageRow>(
        `update images set filename = $2, title = $2, content_type = $3, modified_at = $4 where id = $1
         returning id, image_key::text as image_key, uploader_id, filename, content_type, title, created_at, modified_at`,
        [img.id, name, processed.contentType, now],
      );
      await recordEvent(app.db, {
        type: 'image_uploaded',
        at: now,
        userId: user.id,
        hasImage: true,
        data: { image_id: img.id },
      });
      return imageMeta(one(r.rows));
    } finally {
      await discard(upload);
    }
  });

  app.get('/api/v4/images/chat/:id', async (req, reply) => {
    const { user } = await requireUser(app, req);
    const { thumbnail } = parseInput(ThumbnailQuerySchema, req.query);
    const img = await imageFor(user, req);
    if (img.content_type === null) throw notFound('Image');
    const thumb = thumbnail === 'true';
    return sendStored(reply, store, thumb ? `${img.image_key}.thumb` : img.image_key, {
      contentType: thumb
        ? img.content_type === 'image/jpeg'
          ? 'image/jpeg'
          : 'image/png'
        : img.content_type,
      filename: img.filename ?? 'image',
    });
  });

  const shareRoute = (segment: string, target: ShareTarget, what: string) =>
    app.post(`/api/v4/images/chat/:id/share/${segment}/:targetId`, async (req) => {
      const { user } = await requireUser(app, req);
      const { targetId } = parseInput(ShareParamSchema, req.params);
      parseInput(ShareBodySchema, req.body);
      const img = await imageFor(user, req);
      if (!(await canShareTo(app.db, user, target, targetId))) throw notFound(what);
      await addShare(
        app.db,
        { type: 'image', id: img.id },
        target,
        targetId,
        user.id,
        app.config.now(),
      );
      return { id: img.id, access_type: 'READ' };
    });
  shareRoute('users', 'user', 'User');
  shareRoute('teams', 'team', 'Team');
  shareRoute('advice-conversation', 'advice_conversation', 'Advice conversation');

  /** POST /files: multipart `file` (PDF, docx or an image, by content) shared with the lists given. */
  app.post('/api/v4/files', async (req, reply) => {
    const { user } = await requireUser(app, req);
    const upload = await receiveUpload(req, store, 'file');
    try {
      const fields = parseInput(FileUploadFieldsSchema, upload.fields);
      const type = await detectType(upload, ['document', 'image']);
      const targets: [ShareTarget, number[] | undefined, string][] = [
        ['user', fields.user_ids, 'user_ids'],
        ['team', fields.team_ids, 'team_ids'],
        ['advice_conversation', fields.advice_ids, 'advice_ids'],
      ];
      for (const [target, ids, field] of targets) {
        for (const tid of ids ?? []) {
          if (!(await canShareTo(app.db, user, target, tid))) {
            throw new HttpError(400, `Invalid request: ${field}`, [
              { path: field, message: `unknown id ${tid}` },
            ]);
          }
        }
      }
      // Images sent as files are re-encoded too: no EXIF/GPS leaves through the file route.
      let size = upload.size;
      let contentType = type;
      const key = newUploadKey();
      if (type.startsWith('image/')) {
        const processed = await processImage(await fsp.readFile(upload.tempPath), type);
        await store.put(key, processed.data);
        size = processed.data.length;
        contentType = processed.contentType;
      } else {
        await store.putFile(key, upload.tempPath);
      }
      const now = app.config.now();
      try {
        const id = await app.db.transaction(async (tx) => {
          // Bytes live in the upload store; the legacy bytea column stays empty.
          const r = await tx.query<{ id: number }>(
            `insert into files (uuid, filename, size, content_type, data, uploader_id, created_at)
             values ($1, $2, $3, $4, '\\x'::bytea, $5, $6) returning id`,
            [key, upload.filename, size, contentType, user.id, now],
          );
          const fileId = one(r.rows).id;
          for (const [target, ids] of targets) {
            for (const tid of ids ?? [])
              await addShare(tx, { type: 'file', id: fileId }, target, tid, user.id, now);
          }
          return fileId;
        });
        reply.code(201);
        return { id, filename: upload.filename, size, type: contentType };
      } catch (err) {
        await store.delete(key);
        throw err;
      }
    } finally {
      await discard(upload);
    }
  });

  app.get('/api/v4/files/:id', async (req, reply) => {
    const { user } = await requireUser(app, req);
    const { id } = parseInput(IdParamSchema, req.params);
    const r = await app.db.query<{
      id: number;
      uuid: string;
      filename: string;
      content_type: string;
      uploader_id: number | null;
    }>(
      'select id, uuid::text as uuid, filename, content_type, uploader_id from files where id = $1',
      [id],
    );
    const file = r.rows[0];
    if (!file) throw notFound('File');
    if (
      !(await canReadShared(app.db, user, {
        type: 'file',
        id: file.id,
        uploaderId: file.uploader_id,
      }))
    )
      throw forbiddenRead();
    return sendStored(reply, store, file.uuid, {
      contentType: file.content_type,
      filename: file.filename,
    });
  });
}
