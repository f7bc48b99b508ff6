import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adviceWriteRefusal,
  BinaryResponseSchema,
  ChatImageUploadFieldsSchema,
  CreatedIdSchema,
  FileRecordSchema,
  FileUploadFieldsSchema,
  IdParamSchema,
  ImageMetaSchema,
  NoBodySchema,
  NoQuerySchema,
  ShareBodySchema,
  ShareParamSchema,
  ShareResponseSchema,
  TEXTS,
  ThumbnailQuerySchema,
} from '@pando/domain';
import { recordEvent } from '../analytics/record.js';
import { callerOf, loaded, scoped, SELF } from '../authz/access.js';
import { HttpError, notFound, parseInput, badField } from '../http/errors.js';
import { ERROR_RESPONSES, multipartBody } from '../http/routeShape.js';
import { one } from '../teams/repo.js';
import {
  addShare,
  adviceShareFacts,
  CHAT_IMAGE_COLUMNS,
  type ChatImageRecord,
  canShareTo,
  type ShareTarget,
} from './access.js';
import { registerFileEmailRoutes } from './email.js';
import {
  detectType,
  discard,
  registerUploadScope,
  newUploadKey,
  processImage,
  receiveUpload,
  safeFilename,
  sendStored,
} from './safety.js';
import { DirectoryUploadStore, type UploadStore } from './store.js';

/** The store of an app: `DATA_DIR/uploads` unless a test or deployment passes another. */
export function createUploadStore(dataDir: string): UploadStore {
  return new DirectoryUploadStore(path.join(dataDir, 'uploads'));
}

const DOWNLOAD = {
  description: 'The bytes, with Content-Type and Content-Disposition naming the file',
  content: { 'application/octet-stream': { schema: BinaryResponseSchema } },
};

/** Chat images and files (spec 01 §3, §5), under /api/v4. */
export function registerUploadRoutes(
  app: FastifyInstance,
  store: UploadStore = createUploadStore(app.config.dataDir),
): void {
  registerUploadScope(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  const imageMeta = (img: ChatImageRecord) => ({
    id: img.id,
    image_key: img.image_key,
    title: img.title,
    filename: img.filename,
    created_at: img.created_at.toISOString(),
    modified_at: img.modified_at.toISOString(),
    deleted: false,
  });

  /** Creates the chat image record first (the client sends a placeholder message meanwhile). */
  r.post(
    '/images/chat',
    {
      schema: { body: NoBodySchema, response: { 201: CreatedIdSchema, ...ERROR_RESPONSES } },
      config: { access: SELF },
    },
    async (req, reply) => {
      const { user } = callerOf(req);
      const now = app.config.now();
      const r = await app.db.query<{ id: number }>(
        `insert into images (image_key, kind, uploader_id, created_at, modified_at) values ($1, 'chat', $2, $3, $3) returning id`,
        [newUploadKey(), user.id, now],
      );
      reply.code(201);
      return { id: one(r.rows).id };
    },
  );

  /**
   * Uploads the bytes (multipart `image`, optional `filename`). Only the uploader, once: a record
   * that already has its image answers 409 (decision: an image in a chat never changes under
   * the people who saw it).
   */
  r.put(
    '/images/chat/:id',
    {
      schema: {
        params: IdParamSchema,
        consumes: ['multipart/form-data'],
        body: multipartBody(ChatImageUploadFieldsSchema),
        response: { 200: ImageMetaSchema, ...ERROR_RESPONSES },
      },
      config: { access: scoped('image:uploader') },
    },
    async (req) => {
      const { user } = callerOf(req);
      const img = loaded(req, 'image');
      if (img.content_type !== null)
        throw new HttpError(
          409,
          'This image has already been uploaded.',
          undefined,
          'IMAGE_ALREADY_UPLOADED',
        );
      const upload = await receiveUpload(req, store, 'image');
      try {
        const { filename } = parseInput(ChatImageUploadFieldsSchema, upload.fields);
        const type = await detectType(upload, ['image']);
        const processed = await processImage(await fsp.readFile(upload.tempPath), type);
        await store.put(img.image_key, processed.data);
        await store.put(`${img.image_key}.thumb`, processed.thumbnail);
        const name = safeFilename(filename ?? upload.filename, 'image');
        const now = app.config.now();
        const r = await app.db.query<ChatImageRecord>(
          `update images set filename = $2, title = $2, content_type = $3, modified_at = $4 where id = $1
         returning ${CHAT_IMAGE_COLUMNS}`,
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
    },
  );

  r.get(
    '/images/chat/:id',
    {
      schema: {
        params: IdParamSchema,
        querystring: ThumbnailQuerySchema,
        response: { 200: DOWNLOAD, ...ERROR_RESPONSES },
      },
      config: { access: scoped('image:viewer') },
    },
    async (req, reply) => {
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
    },
  );

  const shareRoute = (segment: string, target: ShareTarget, what: string) =>
    r.post(
      `/images/chat/:id/share/${segment}/:targetId`,
      {
        schema: {
          params: ShareParamSchema,
          body: ShareBodySchema,
          response: { 200: ShareResponseSchema, ...ERROR_RESPONSES },
        },
        config: { access: scoped('image:viewer') },
      },
      async (req) => {
        const { user } = callerOf(req);
        const img = loaded(req, 'image');
        const { targetId } = req.params;
        if (target === 'advice_conversation') {
          const facts = await adviceShareFacts(app.db, user, targetId);
          if (!facts.participant) throw notFound(what);
          // A closed advice conversation is read-only (issue 35): no image is added to it.
          if (adviceWriteRefusal(facts)) throw new HttpError(409, TEXTS.adviceClosedWrite);
        } else if (!(await canShareTo(app.db, user, target, targetId))) throw notFound(what);
        await addShare(
          app.db,
          { type: 'image', id: img.id },
          target,
          targetId,
          user.id,
          app.config.now(),
        );
        return { id: img.id, access_type: 'READ' as const };
      },
    );
  shareRoute('users', 'user', 'User');
  shareRoute('teams', 'team', 'Team');
  shareRoute('advice-conversation', 'advice_conversation', 'Advice conversation');

  /** POST /files: multipart `file` (PDF, docx or an image, by content) shared with the lists given. */
  r.post(
    '/files',
    {
      schema: {
        consumes: ['multipart/form-data'],
        body: multipartBody(FileUploadFieldsSchema),
        response: { 201: FileRecordSchema, ...ERROR_RESPONSES },
      },
      config: { access: SELF },
    },
    async (req, reply) => {
      const { user } = callerOf(req);
      const upload = await receiveUpload(req, store, 'file');
      try {
        const fields = parseInput(FileUploadFieldsSchema, upload.fields);
        const type = await detectType(upload, ['document', 'image']);
        const targets: [ShareTarget, number[] | undefined, string][] = [
          ['user', fields.user_ids, 'user_ids'],
          ['team', fields.team_ids, 'team_ids'],
          ['advice_conversation', fields.advice_ids, 'advice_ids'],
        ];
        // A closed advice conversation is read-only (issue 35): no file is added to it. Every
        // unknown id is answered (400) before a closed conversation is (409).
        let closedAdvice = false;
        for (const [target, ids, field] of targets) {
          for (const tid of ids ?? []) {
            const advice =
              target === 'advice_conversation'
                ? await adviceShareFacts(app.db, user, tid)
                : undefined;
            if (!(advice ? advice.participant : await canShareTo(app.db, user, target, tid))) {
              throw badField(field, `unknown id ${tid}`);
            }
            if (advice && adviceWriteRefusal(advice)) closedAdvice = true;
          }
        }
        if (closedAdvice)
          throw new HttpError(409, TEXTS.adviceClosedWrite, [
            { path: 'advice_ids', message: TEXTS.adviceClosedWrite },
          ]);
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
    },
  );

  r.get(
    '/files/:id',
    {
      schema: {
        params: IdParamSchema,
        querystring: NoQuerySchema,
        response: { 200: DOWNLOAD, ...ERROR_RESPONSES },
      },
      config: { access: scoped('file:viewer') },
    },
    async (req, reply) => {
      const file = loaded(req, 'file');
      return sendStored(reply, store, file.uuid, {
        contentType: file.content_type,
        filename: file.filename,
      });
    },
  );

  registerFileEmailRoutes(app, store);
}
