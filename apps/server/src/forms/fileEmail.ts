import { auditNote } from '../audit/hooks.js';
import type { FastifyInstance } from 'fastify';
import { displayName, formsEndpoints, TEXTS, textsWith } from '@pando/domain';
import { callerOf, loaded } from '../authz/access.js';
import { route } from '../http/endpoint.js';
import { HttpError, notFound } from '../http/errors.js';
import { fileEmailLimit } from '../mail/limit.js';
import { safeFilename } from '../uploads/safety.js';
import type { UploadStore } from '../uploads/store.js';
import { isImageFile } from './fileShared.js';

/**
 * Mails the file or image to one address as an attachment (spec 02 §7), with the mailer and
 * the per-user email budget of the chat-file email (issue 24: FILE_EMAIL_LIMIT_PER_USER,
 * MAIL_ATTACHMENT_MAX_BYTES → 413). Whoever may read it may mail it; `image` names an image
 * only (a document under `image` is the 404 of a missing one).
 */
export function registerStructuredFileEmailRoutes(app: FastifyInstance, store: UploadStore): void {
  route(
    app,
    formsEndpoints.email,
    async (req) => {
      const { user } = callerOf(req);
      auditNote(req, { detail: { recipient: req.body.address.toLowerCase() } });
      const file = loaded(req, 'structuredFile');
      if (req.params.kind === 'image' && !isImageFile(file)) throw notFound('Image');
      const max = app.config.mailAttachmentMaxBytes;
      if (file.size > max)
        throw new HttpError(413, textsWith.tooLargeToEmail(max), undefined, 'ATTACHMENT_TOO_LARGE');
      const stream = await store.get(file.file_guid);
      if (!stream) throw notFound('File');
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      fileEmailLimit(app).take(user.id, 'files emailed');
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
        throw new HttpError(502, TEXTS.emailNotSent);
      }
      return { message: `${filename} was sent to ${address}` };
    },
    {
      audit: {
        action: 'structured_file.email',
        resource: 'structured_file',
        change: true,
        id: { param: 'guid' },
      },
    },
  );
}
