import fsp from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { auditChange } from '../audit/hooks.js';
import { formsEndpoints } from '@pando/domain';
import { callerOf, loaded } from '../authz/access.js';
import { route } from '../http/endpoint.js';
import { notFound } from '../http/errors.js';
import { one } from '../teams/repo.js';
import {
  detectType,
  discard,
  registerUploadScope,
  newUploadKey,
  processImage,
  receiveUpload,
  sendStored,
} from '../uploads/safety.js';
import type { UploadStore } from '../uploads/store.js';
import { registerStructuredFileEmailRoutes } from './fileEmail.js';
import { isImageFile, thumbnailKey } from './fileShared.js';
import { insertStructuredFile, markStructuredFileDeleted } from './repo.js';

/** A read of a form's file or its thumbnail, by guid (the audit trail's resource id). */
const FILE_READ = { resource: 'structured_file', read: true, id: { param: 'guid' } } as const;

/**
 * Files and images of smart-form controls (spec 02 §7 "Structured forms", issue 20), under
 * /api/v4: upload, download, thumbnail, delete. The upload safety of chat and patient uploads
 * (apps/server/src/uploads/safety.ts): 25 MB, the type read from the bytes (PDF, docx or an
 * image), images re-encoded without their metadata, a thumbnail made once beside them; bytes in
 * the upload store under the file's guid, the row in `structured_files`. Who reads: the
 * uploader and their organisation; who deletes: the uploader (forms/access.ts). Mailing one is
 * in fileEmail.ts.
 */
export function registerStructuredFileRoutes(app: FastifyInstance, store: UploadStore): void {
  registerUploadScope(app);
  const e = formsEndpoints;

  /**
   * Audited (`structured_file.upload`) in the transaction that adds the row, with the new guid;
   * never the filename, which may name a patient. A refused upload is recorded without an id.
   */
  route(
    app,
    e.upload,
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
          const fileGuid = await app.db.transaction(async (tx) => {
            const rows = await insertStructuredFile(tx, {
              guid,
              filename: upload.filename,
              contentType,
              size,
              uploaderId: user.id,
              now: app.config.now(),
            });
            const stored = one(rows).file_guid;
            await auditChange(req, tx, { resourceId: stored });
            return stored;
          });
          reply.code(201);
          return { file: { file_guid: fileGuid } };
        } catch (err) {
          // Nothing half-written: bytes without a row are removed.
          await Promise.all(keys.map((k) => store.delete(k)));
          throw err;
        }
      } finally {
        await discard(upload);
      }
    },
    {
      audit: {
        action: 'structured_file.upload',
        resource: 'structured_file',
        change: true,
        id: null,
      },
    },
  );

  /**
   * A form shows its files by URL (`no-store`, so every showing is a request): recorded as the
   * patient images are, the first read of each AUDIT_READ_REPEAT_SECONDS window per session.
   * The thumbnail has its own action, so a download right after a thumbnail is still recorded.
   */
  route(
    app,
    e.file,
    async (req, reply) => {
      const file = loaded(req, 'structuredFile');
      return sendStored(reply, store, file.file_guid, {
        contentType: file.content_type,
        filename: file.filename,
      });
    },
    { audit: { ...FILE_READ, action: 'structured_file.read' } },
  );

  /** The image's thumbnail (JPEG for a JPEG, PNG otherwise); a document has none (404). */
  route(
    app,
    e.thumbnail,
    async (req, reply) => {
      const file = loaded(req, 'structuredFile');
      if (!isImageFile(file)) throw notFound('Thumbnail');
      return sendStored(reply, store, thumbnailKey(file.file_guid), {
        contentType: file.content_type === 'image/jpeg' ? 'image/jpeg' : 'image/png',
        filename: file.filename,
      });
    },
    { audit: { ...FILE_READ, action: 'structured_file_thumbnail.read' } },
  );

  /**
   * The uploader removes the file (a control's value becomes a dash, spec 02 §4): the row is
   * kept as deleted (a submitted form may still name its guid), the bytes are removed.
   */
  route(
    app,
    e.deleteFile,
    async (req, reply) => {
      const file = loaded(req, 'structuredFile');
      await app.db.transaction(async (tx) => {
        await markStructuredFileDeleted(tx, file.id);
        await auditChange(req, tx);
      });
      await store.delete(file.file_guid);
      if (isImageFile(file)) await store.delete(thumbnailKey(file.file_guid));
      return reply.code(204).send(null);
    },
    {
      audit: {
        action: 'structured_file.delete',
        resource: 'structured_file',
        change: true,
        id: { param: 'guid' },
      },
    },
  );

  registerStructuredFileEmailRoutes(app, store);
}
