import {
  adviceWriteRefusal,
  isAdviceClosed,
  TEXTS,
  PatientImageUploadFieldsSchema,
  displayName,
  uploadsEndpoints,
  validationError,
} from '@pando/domain';
import { HttpResponse } from 'msw';
import type { MockBackend, MockImage } from '../backend';
import { declaredHandlers } from './endpoint';
import { apiError, apiErrorOf, badField, fail, notFound, patientAccessOf } from './util';

const MAX_BYTES = 26_214_400;

async function readUpload(request: Request, field: string) {
  const form = await request
    .formData()
    .catch(() => fail(apiError(400, 'Invalid request: multipart body expected')));
  const file = form.get(field);
  if (!(file instanceof Blob)) return badField(field, 'required');
  if (file.size > MAX_BYTES) return fail(apiError(413, `${field} is larger than 25 MB`));
  return { form, file, bytes: new Uint8Array(await file.arrayBuffer()) };
}

/**
 * The type of an upload decided by its first bytes, never by the client's content type (as the
 * real server does): images for /images, PDF, Office (zip) documents or images for /files.
 */
export function sniffType(bytes: Uint8Array): string | undefined {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45) return 'image/webp';
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  if (starts(0x50, 0x4b, 0x03, 0x04)) {
    return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  }
  return undefined;
}

function requireType(bytes: Uint8Array, allowed: (type: string) => boolean): string {
  const type = sniffType(bytes);
  if (!type || !allowed(type)) return fail(apiError(415, 'This type of file is not accepted.'));
  return type;
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

const ids = (value: FormDataEntryValue | null) =>
  typeof value === 'string' && value !== ''
    ? value.split(',').map(Number).filter(Number.isInteger)
    : [];

/**
 * Images and files (spec 01 §7), declared (@pando/domain uploadsEndpoints; access in
 * scopes/uploads.ts). Bytes are kept as uploaded; the real server re-encodes.
 */
export function mediaHandlers(backend: MockBackend) {
  const e = uploadsEndpoints;
  const handle = declaredHandlers(backend);
  /** Both sides resolved it: read-only (the domain's `adviceWriteRefusal`, as on the server). */
  const adviceClosed = (id: number): boolean => {
    const advice = backend.state.adviceConversations.find((a) => a.id === id);
    return adviceWriteRefusal({ closed: advice !== undefined && isAdviceClosed(advice) }) !== null;
  };
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
  const share = (segment: string) => {
    const declaration =
      segment === 'users'
        ? e.shareChatImageWithUser
        : segment === 'teams'
          ? e.shareChatImageWithTeam
          : e.shareChatImageWithAdvice;
    return handle(declaration, ({ loaded, params }) => {
      // A closed advice conversation is read-only (issue 35), as on the server.
      if (segment === 'advice-conversation' && adviceClosed(params.targetId))
        return apiError(409, TEXTS.adviceClosedWrite);
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
      const type = requireType(bytes, (t) => t.startsWith('image/'));
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
      const { form, bytes } = await readUpload(request, 'image');
      record.content_type = requireType(bytes, (t) => t.startsWith('image/'));
      record.bytes = bytes;
      record.filename = text(form.get('filename'), record.filename);
      return HttpResponse.json({ id: record.id });
    }),
    share('users'),
    share('teams'),
    share('advice-conversation'),
    handle(e.uploadFile, async ({ request, caller: viewer }) => {
      const { form, file, bytes } = await readUpload(request, 'file');
      const type = requireType(bytes, () => true);
      if (ids(form.get('advice_ids')).some((adviceId) => adviceClosed(adviceId)))
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
        user_ids: ids(form.get('user_ids')),
        team_ids: ids(form.get('team_ids')),
        advice_ids: ids(form.get('advice_ids')),
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
