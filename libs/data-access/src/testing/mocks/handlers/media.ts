import {
  cardShareRefusal,
  FileUploadFieldsSchema,
  TEXTS,
  PatientImageUploadFieldsSchema,
  displayName,
  isFileTooLarge,
  uploadRefusal,
  uploadsEndpoints,
  uploadTypeOf,
  validationError,
  type UploadKind,
} from '@pando/domain';
import { HttpResponse } from 'msw';
import type { MockBackend, MockImage } from '../backend';
import { declaredHandlers } from './endpoint';
import { chatShareTarget, shareRefusal, shareTarget, type ShareSegment } from './shareTargets';
import { apiError, apiErrorOf, badField, fail, notFound, patientAccessOf } from './util';

/**
 * An upload's file, read as the server receives it (apps/server src/uploads/safety.ts
 * `receiveUpload`): a multipart form, the file under its field, at most 25 MB; its refusals are
 * the domain's `uploadRefusal`, worded as the server's.
 */
export async function readUpload(request: Request, field: string) {
  if (!request.headers.get('content-type')?.startsWith('multipart/form-data'))
    return fail(apiErrorOf(uploadRefusal.notMultipart(field)));
  const form = await request.formData().catch(() => fail(apiErrorOf(uploadRefusal.malformed())));
  const file = form.get(field);
  // A form entry is a File or a string (not `instanceof Blob`: jsdom's Blob is another class).
  if (file === null || typeof file === 'string')
    return fail(apiErrorOf(uploadRefusal.missingFile(field)));
  if (isFileTooLarge(file.size)) return fail(apiErrorOf(uploadRefusal.tooLarge()));
  return { form, file, bytes: new Uint8Array(await file.arrayBuffer()) };
}

/** The upload's type by its content, within what the endpoint takes (the server's `detectType`). */
export function uploadType(bytes: Uint8Array, kinds: readonly UploadKind[]): string {
  const decision = uploadTypeOf(bytes, kinds);
  return 'refusal' in decision ? fail(apiErrorOf(decision.refusal)) : decision.type;
}

/** SHA-256 in hex through Web Crypto (the browser worker and Node both have it). */
async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new Uint8Array(bytes));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Base64 without Buffer, so the same code runs in the browser worker. */
function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/** A text field of a multipart form; a file in its place counts as absent. */
const text = (value: FormDataEntryValue | null, fallback: string) =>
  typeof value === 'string' ? value : fallback;

/**
 * Images and files (spec 01 §7), declared (@pando/domain uploadsEndpoints; access in
 * scopes/uploads.ts). Bytes are kept as uploaded; the real server re-encodes.
 */
export function mediaHandlers(backend: MockBackend) {
  const e = uploadsEndpoints;
  const handle = declaredHandlers(backend);
  const binary = (i: MockImage) =>
    i.bytes
      ? new HttpResponse(i.bytes, { headers: { 'Content-Type': i.content_type } })
      : notFound('Image data');
  /** POST /files/{id}/email and /images/chat/{id}/email: the dev mailbox gets the attachment. */
  const mailStored = async (
    viewer: { first_name: string; last_name: string; email: string },
    stored: { filename: string; content_type: string; bytes: Uint8Array },
    { address }: { address: string },
  ) => {
    const to = address.toLowerCase();
    backend.sendMail({
      to,
      subject: `Pando: ${stored.filename}`,
      text: `${displayName(viewer)} (${viewer.email}) sent you a file from Pando: ${stored.filename}.`,
      attachments: [
        {
          filename: stored.filename,
          content_type: stored.content_type,
          size: stored.bytes.length,
          sha256: await sha256Hex(stored.bytes),
        },
      ],
    });
    return HttpResponse.json({ message: `${stored.filename} was sent to ${to}` });
  };
  const share = (segment: ShareSegment) => {
    const declaration =
      segment === 'users'
        ? e.shareChatImageWithUser
        : segment === 'teams'
          ? e.shareChatImageWithTeam
          : e.shareChatImageWithAdvice;
    // As the server: into a person, team or advice conversation the sharer may share to (404
    // otherwise); a closed advice conversation is read-only (409, issue 35).
    return handle(declaration, ({ caller, loaded, params }) => {
      const target = chatShareTarget(shareTarget(backend, caller, segment, params.targetId));
      const refused = shareRefusal(target, segment);
      if (refused) return refused;
      loaded.chatImage?.shared_with.push(`${segment}/${params.targetId}`);
      return HttpResponse.json({ id: params.id, access_type: 'READ' });
    });
  };
  return [
    handle(e.uploadPatientImage, async ({ request, caller: viewer }) => {
      const { form, bytes } = await readUpload(request, 'image');
      // The server's rules (issue 18): the patient is required, seen through one of their
      // cards (404 otherwise) and editable there (403 for a card only shared with you).
      const fields = PatientImageUploadFieldsSchema.safeParse({
        title: text(form.get('title'), '') || undefined,
        filename: text(form.get('filename'), '') || undefined,
        patient_id: form.get('patient_id') ?? undefined,
      });
      if (!fields.success) return apiErrorOf(validationError(fields.error));
      const access = patientAccessOf(backend, fields.data.patient_id, viewer);
      if (access === 'none') return notFound('Patient');
      if (access !== 'edit')
        return apiError(403, TEXTS.cardReadOnly, {
          internalCode: 'CARD_READ_ONLY',
        });
      const type = uploadType(bytes, ['image']);
      const record: MockImage = {
        id: backend.nextId('images'),
        title: fields.data.title ?? fields.data.filename ?? 'image',
        filename: fields.data.filename ?? 'image',
        patient_id: fields.data.patient_id,
        chat: false,
        owner_id: viewer.id,
        bytes,
        content_type: type,
        created_at: backend.timestamp(),
        shared_with: [],
      };
      backend.state.images.push(record);
      return HttpResponse.json(
        {
          id: record.id,
          title: record.title,
          filename: record.filename,
          patient_id: record.patient_id,
          created_at: record.created_at,
        },
        { status: 201 },
      );
    }),
    handle(e.patientImages, ({ query }) => {
      const results = backend.state.images
        .filter((i) => !i.chat && i.patient_id === query.patient_id)
        // Newest first, as the server lists them.
        .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id)
        .map((i) => ({
          meta: {
            id: i.id,
            title: i.title,
            filename: i.filename,
            patient_id: i.patient_id,
            created_at: i.created_at,
            // The mock keeps one rendition: a thumbnail request gets the same bytes.
            is_thumbnail: query.thumbnail === 'true',
            deleted: false,
          },
          data: toBase64(i.bytes ?? new Uint8Array()),
        }));
      return HttpResponse.json({ results, total_count: results.length });
    }),
    handle(e.chatImage, ({ loaded }) => binary(loaded.chatImage ?? fail(notFound('Image')))),
    handle(e.patientImage, ({ loaded }) => binary(loaded.patientImage ?? fail(notFound('Image')))),
    handle(e.createChatImage, ({ caller: viewer }) => {
      const record: MockImage = {
        id: backend.nextId('images'),
        title: null,
        filename: 'image',
        patient_id: null,
        chat: true,
        owner_id: viewer.id,
        bytes: null,
        content_type: 'image/jpeg',
        created_at: backend.timestamp(),
        shared_with: [],
      };
      backend.state.images.push(record);
      return HttpResponse.json({ id: record.id }, { status: 201 });
    }),
    handle(e.uploadChatImage, async ({ request, loaded }) => {
      const record = loaded.chatImage ?? fail(notFound('Image'));
      // As the server: the bytes are sent once; an image in a chat never changes under the
      // people who saw it.
      if (record.bytes)
        return apiError(409, TEXTS.imageAlreadyUploaded, {
          internalCode: 'IMAGE_ALREADY_UPLOADED',
        });
      const { form, bytes } = await readUpload(request, 'image');
      record.content_type = uploadType(bytes, ['image']);
      record.bytes = bytes;
      record.filename = text(form.get('filename'), record.filename);
      return HttpResponse.json({ id: record.id });
    }),
    share('users'),
    share('teams'),
    share('advice-conversation'),
    handle(e.uploadFile, async ({ request, caller: viewer }) => {
      const { form, file, bytes } = await readUpload(request, 'file');
      const fields = FileUploadFieldsSchema.safeParse(
        Object.fromEntries([...form].filter(([, value]) => typeof value === 'string')),
      );
      if (!fields.success) return apiErrorOf(validationError(fields.error));
      const type = uploadType(bytes, ['image', 'document']);
      const { user_ids = [], team_ids = [], advice_ids = [] } = fields.data;
      // As the server: every id the sharer may not share to is a 400 naming its list, before a
      // closed advice conversation is a 409 (read-only, issue 35).
      const audience = [
        ['user_ids', 'users', user_ids],
        ['team_ids', 'teams', team_ids],
        ['advice_ids', 'advice-conversation', advice_ids],
      ] as const;
      const refusals = audience.flatMap(([field, segment, ids]) =>
        ids.map((tid) => {
          const refusal = cardShareRefusal(
            chatShareTarget(shareTarget(backend, viewer, segment, tid)),
          );
          if (refusal === 'target-not-found') badField(field, `unknown id ${tid}`);
          return refusal;
        }),
      );
      if (refusals.includes('advice-closed'))
        return apiError(409, TEXTS.adviceClosedWrite, {
          details: [{ path: 'advice_ids', message: TEXTS.adviceClosedWrite }],
        });
      const id = backend.nextId('files');
      const filename = file instanceof File ? file.name : 'file';
      backend.state.files.push({
        id,
        filename,
        owner_id: viewer.id,
        bytes,
        content_type: type,
        user_ids,
        team_ids,
        advice_ids,
      });
      // The server's answer (FileRecordSchema): the mock keeps the bytes as sent.
      return HttpResponse.json({ id, filename, size: bytes.length, type }, { status: 201 });
    }),
    handle(e.file, ({ loaded }) => {
      const file = loaded.chatFile ?? fail(notFound('File'));
      return new HttpResponse(file.bytes, {
        headers: {
          'Content-Type': file.content_type,
          'Content-Disposition': `attachment; filename="${file.filename.replace(/"/g, '')}"`,
        },
      });
    }),
    handle(e.emailFile, ({ caller, loaded, body }) =>
      mailStored(caller, loaded.chatFile ?? fail(notFound('File')), body),
    ),
    handle(e.emailChatImage, ({ caller, loaded, body }) => {
      const record = loaded.chatImage;
      if (!record?.bytes) return notFound('Image');
      return mailStored(caller, { ...record, bytes: record.bytes }, body);
    }),
  ];
}
