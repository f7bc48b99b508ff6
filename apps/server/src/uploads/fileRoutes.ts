import fsp from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { adviceWriteRefusal, FileUploadFieldsSchema, TEXTS, uploadsEndpoints } from '@pando/domain';
import { callerOf, loaded } from '../authz/access.js';
import { route } from '../http/endpoint.js';
import { HttpError, parseInput, badField } from '../http/errors.js';
import { addShare, adviceShareFacts, canShareTo, type ShareTarget } from './access.js';
import { insertFile } from './repo.js';
import {
  detectType,
  discard,
  newUploadKey,
  processImage,
  receiveUpload,
  sendStored,
} from './safety.js';
import type { UploadStore } from './store.js';

/** Chat files (spec 01 §5): the upload shared with the lists given, and its download. */
export function registerFileRoutes(app: FastifyInstance, store: UploadStore): void {
  /** POST /files: multipart `file` (PDF, docx or an image, by content) shared with the lists given. */
  route(app, uploadsEndpoints.uploadFile, async (req, reply) => {
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
          const fileId = await insertFile(tx, {
            key,
            filename: upload.filename,
            size,
            contentType,
            uploaderId: user.id,
            now,
          });
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

  route(app, uploadsEndpoints.file, async (req, reply) => {
    const file = loaded(req, 'file');
    return sendStored(reply, store, file.uuid, {
      contentType: file.content_type,
      filename: file.filename,
    });
  });
}
