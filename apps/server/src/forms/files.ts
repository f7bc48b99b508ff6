import { auditNote } from '../audit/hooks.js';
import fsp from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BinaryResponseSchema,
  NoQuerySchema,
  StructuredEmailBodySchema,
  StructuredEmailResponseSchema,
  StructuredFileUploadResponseSchema,
  displayName,
} from '@pando/domain';
import { callerOf, loaded, scoped, SELF } from '../authz/access.js';
import { HttpError, notFound } from '../http/errors.js';
import { fileEmailLimit } from '../mail/limit.js';
import { ERROR_RESPONSES, multipartBody } from '../http/routeShape.js';
import { one } from '../teams/repo.js';
import {
  detectType,
  discard,
  registerUploadScope,
  newUploadKey,
  processImage,
  receiveUpload,
  safeFilename,
  sendStored,
} from '../uploads/safety.js';
import type { UploadStore } from '../uploads/store.js';
import type { StructuredFileRecord } from './access.js';

/** The multipart form of POST /structured/files: the `file` part only, no text fields. */
const StructuredFileFieldsSchema = z.object({}).describe('multipart: `file` (the bytes)');
const StructuredFileParamsSchema = z.object({
  guid: z.uuid().describe('file_guid of POST /structured/files'),
});

const StructuredEmailParamsSchema = StructuredFileParamsSchema.extend({
  kind: z.enum(['file', 'image']).describe('`image` only names an image; `file` any'),
});

const DOWNLOAD = {
  description: 'The bytes, with Content-Type and Content-Disposition naming the file',
  content: { 'application/octet-stream': { schema: BinaryResponseSchema } },
};

const isImageFile = (f: StructuredFileRecord) => f.content_type.startsWith('image/');
const thumbnailKey = (guid: string) => `${guid}.thumb`;

/**
 * Files and images of smart-form controls (spec 02 §7 "Structured forms", issue 20), under
 * /api/v4: upload, download, thumbnail, delete. The upload safety of chat and patient uploads
 * (apps/server/src/uploads/safety.ts): 25 MB, the type read from the bytes (PDF, docx or an
 * image), images re-encoded without their metadata, a thumbnail made once beside them; bytes in
 * the upload store under the file's guid, the row in `structured_files`. Who reads: the
 * uploader and their organisation; who deletes: the uploader (forms/access.ts).
 */
export function registerStructuredFileRoutes(app: FastifyInstance, store: UploadStore): void {
  registerUploadScope(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/structured/files',
    {
      schema: {
        consumes: ['multipart/form-data'],
        body: multipartBody(StructuredFileFieldsSchema),
        response: { 201: StructuredFileUploadResponseSchema, ...ERROR_RESPONSES },
      },
      config: { access: SELF },
    },
    async (req, reply) => {
      const { user } = callerOf(req);
      const upload = await receiveUpload(req, store, 'file');
      try {
        const type = await detectType(upload, ['document', 'image']);
        const guid = newUploadKey();
        let size = upload.size;
        let contentType = type;
        const keys: string[] = [guid];
        if (type.startsWith('image/')) {
          const processed = await processImage(await fsp.readFile(upload.tempPath), type);
          await store.put(guid, processed.data);
          await store.put(thumbnailKey(guid), processed.thumbnail);
          keys.push(thumbnailKey(guid));
          size = processed.data.length;
          contentType = processed.contentType;
        } else {
          await store.putFile(guid, upload.tempPath);
        }
        try {
          // Bytes live in the upload store; the legacy bytea column stays empty.
          const row = await app.db.query<{ file_guid: string }>(
            `insert into structured_files (file_guid, filename, content_type, size, data, uploader_id, created_at)
             values ($1, $2, $3, $4, '\\x'::bytea, $5, $6) returning file_guid::text as file_guid`,
            [guid, upload.filename, contentType, size, user.id, app.config.now()],
          );
          reply.code(201);
          return { file: { file_guid: one(row.rows).file_guid } };
        } catch (err) {
          // Nothing half-written: bytes without a row are removed.
          await Promise.all(keys.map((k) => store.delete(k)));
          throw err;
        }
      } finally {
        await discard(upload);
      }
    },
  );

  r.get(
    '/structured/files/:guid',
    {
      schema: {
        params: StructuredFileParamsSchema,
        querystring: NoQuerySchema,
        response: { 200: DOWNLOAD, ...ERROR_RESPONSES },
      },
      config: { access: scoped('structured-file:viewer') },
    },
    async (req, reply) => {
      const file = loaded(req, 'structuredFile');
      return sendStored(reply, store, file.file_guid, {
        contentType: file.content_type,
        filename: file.filename,
      });
    },
  );

  /** The image's thumbnail (JPEG for a JPEG, PNG otherwise); a document has none (404). */
  r.get(
    '/structured/files/thumbnail/:guid',
    {
      schema: {
        params: StructuredFileParamsSchema,
        querystring: NoQuerySchema,
        response: { 200: DOWNLOAD, ...ERROR_RESPONSES },
      },
      config: { access: scoped('structured-file:viewer') },
    },
    async (req, reply) => {
      const file = loaded(req, 'structuredFile');
      if (!isImageFile(file)) throw notFound('Thumbnail');
      return sendStored(reply, store, thumbnailKey(file.file_guid), {
        contentType: file.content_type === 'image/jpeg' ? 'image/jpeg' : 'image/png',
        filename: file.filename,
      });
    },
  );

  /**
   * The uploader removes the file (a control's value becomes a dash, spec 02 §4): the row is
   * kept as deleted (a submitted form may still name its guid), the bytes are removed.
   */
  r.delete(
    '/structured/files/:guid',
    {
      schema: {
        params: StructuredFileParamsSchema,
        querystring: NoQuerySchema,
        response: { 204: z.null().describe('Deleted'), ...ERROR_RESPONSES },
      },
      config: { access: scoped('structured-file:uploader') },
    },
    async (req, reply) => {
      const file = loaded(req, 'structuredFile');
      await app.db.query('update structured_files set deleted = true where id = $1', [file.id]);
      await store.delete(file.file_guid);
      if (isImageFile(file)) await store.delete(thumbnailKey(file.file_guid));
      return reply.code(204).send(null);
    },
  );

  /**
   * Mails the file or image to one address as an attachment (spec 02 §7), with the mailer and
   * the per-user email budget of the chat-file email (issue 24: FILE_EMAIL_LIMIT_PER_USER,
   * MAIL_ATTACHMENT_MAX_BYTES → 413). Whoever may read it may mail it; `image` names an image
   * only (a document under `image` is the 404 of a missing one).
   */
  r.post(
    '/structured/email/:kind/:guid',
    {
      schema: {
        params: StructuredEmailParamsSchema,
        body: StructuredEmailBodySchema,
        response: { 200: StructuredEmailResponseSchema, ...ERROR_RESPONSES },
      },
      config: {
        access: scoped('structured-file:viewer'),
        audit: {
          action: 'structured_file.email',
          resource: 'structured_file',
          change: true,
          id: { param: 'guid' },
        },
      },
    },
    async (req) => {
      const { user } = callerOf(req);
      auditNote(req, { detail: { recipient: req.body.address.toLowerCase() } });
      const file = loaded(req, 'structuredFile');
      if (req.params.kind === 'image' && !isImageFile(file)) throw notFound('Image');
      const max = app.config.mailAttachmentMaxBytes;
      if (file.size > max)
        throw new HttpError(
          413,
          `This file is too large to email (over ${String(Math.floor(max / 1_000_000))} MB). Download it instead.`,
          undefined,
          'ATTACHMENT_TOO_LARGE',
        );
      const stream = await store.get(file.file_guid);
      if (!stream) throw notFound('File');
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      fileEmailLimit(app.config).take(user.id, 'files emailed');
      const filename = safeFilename(file.filename, req.params.kind);
      const address = req.body.address.toLowerCase();
      const sender = displayName(user);
      try {
        await app.mailer.send({
          to: address,
          subject: `${app.config.productName}: ${filename}`,
          text:
            `${sender} (${user.email}) sent you a ${req.params.kind} from a form in ${app.config.productName}: ${filename}.\n\n` +
            'It is attached to this email. It may hold patient information: keep it safe and delete it when you no longer need it.',
          attachments: [
            { filename, contentType: file.content_type, content: Buffer.concat(chunks) },
          ],
        });
      } catch (err) {
        req.log.error({ err }, 'structured file email failed');
        throw new HttpError(502, 'The email could not be sent. Please try again.');
      }
      return { message: `${filename} was sent to ${address}` };
    },
  );
}
