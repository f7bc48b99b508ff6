import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { displayName, TEXTS, textsWith, uploadsEndpoints } from '@pando/domain';
import { callerOf, loaded } from '../authz/access.js';
import { type AuditDeclaration, auditNote } from '../audit/hooks.js';
import { route } from '../http/endpoint.js';
import { HttpError, notFound } from '../http/errors.js';
import { fileEmailLimit } from '../mail/limit.js';
import { safeFilename } from './safety.js';
import type { UploadStore } from './store.js';

/** The stored bytes, or undefined once they pass `max` (the stream is dropped there). */
async function readAtMost(stream: Readable, max: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > max) {
      stream.destroy();
      return undefined;
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

interface Stored {
  key: string;
  filename: string;
  contentType: string;
}

/**
 * POST /files/{id}/email and POST /images/chat/{id}/email, `{ address }` → `{ message }`: mails a
 * chat file or image as an attachment (decision in the server README, "Chat files: emailing
 * one"). Whoever may download it may email it (`file:viewer` / `image:viewer`, the downloads'
 * rules); FILE_EMAIL_LIMIT_PER_USER per window; a file over MAIL_ATTACHMENT_MAX_BYTES answers 413.
 */
export function registerFileEmailRoutes(app: FastifyInstance, store: UploadStore): void {
  const emailRoute = (
    declaration: typeof uploadsEndpoints.emailFile | typeof uploadsEndpoints.emailChatImage,
    audit: AuditDeclaration,
    storedOf: (req: FastifyRequest) => Stored,
  ) => {
    route(
      app,
      declaration,
      async (req) => {
        const { user } = callerOf(req);
        const stored = storedOf(req);
        const { address } = req.body;
        auditNote(req, { detail: { recipient: address.toLowerCase(), filename: stored.filename } });
        const max = app.config.mailAttachmentMaxBytes;
        const stream = await store.get(stored.key);
        if (!stream) throw notFound('File');
        const content = await readAtMost(stream, max);
        if (!content)
          throw new HttpError(
            413,
            textsWith.tooLargeToEmail(max),
            undefined,
            'ATTACHMENT_TOO_LARGE',
          );
        // Spent only for an email that is really sent: a refused or too-large file costs nothing.
        fileEmailLimit(app).take(user.id, 'files emailed');
        const filename = safeFilename(stored.filename, 'file');
        const sender = displayName(user);
        try {
          await app.mailer.send({
            to: address,
            subject: `${app.config.productName}: ${filename}`,
            text:
              `${sender} (${user.email}) sent you a file from ${app.config.productName}: ${filename}.\n\n` +
              'It is attached to this email. It may hold patient information: keep it safe and delete it when you no longer need it.',
            attachments: [{ filename, contentType: stored.contentType, content }],
          });
        } catch (err) {
          req.log.error({ err }, 'file email failed');
          throw new HttpError(502, TEXTS.emailNotSent);
        }
        return { message: `${filename} was sent to ${address.toLowerCase()}` };
      },
      // Recorded before the answer leaves, with the recipient (src/audit/hooks.ts).
      { audit },
    );
  };

  emailRoute(
    uploadsEndpoints.emailFile,
    { action: 'file.email', resource: 'file', change: true },
    (req) => {
      const file = loaded(req, 'file');
      return { key: file.uuid, filename: file.filename, contentType: file.content_type };
    },
  );
  emailRoute(
    uploadsEndpoints.emailChatImage,
    { action: 'chat_image.email', resource: 'chat_image', change: true },
    (req) => {
      const image = loaded(req, 'image');
      // A record whose upload never finished has no bytes: nothing to send.
      if (image.content_type === null) throw notFound('Image');
      return {
        key: image.image_key,
        filename: image.filename ?? 'image',
        contentType: image.content_type,
      };
    },
  );
}
