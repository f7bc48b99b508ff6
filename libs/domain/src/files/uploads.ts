import { fieldError, type ApiError } from '../wire/errors';
import { TEXTS, textsWith } from '../texts/texts';
import { DOCUMENT_MIME_TYPES, IMAGE_MIME_TYPES, MAX_FILE_SIZE_BYTES } from './constants';

/*
 * What an upload is refused for and which types an endpoint takes (issue 38: one upload rule for
 * every upload endpoint). The server streams the file (apps/server src/uploads/safety.ts) and
 * answers these refusals, in these words.
 */

/** What an upload endpoint takes: images (chat images, patient photos) and/or documents. */
export type UploadKind = 'image' | 'document';

const IMAGE_TYPES: readonly string[] = IMAGE_MIME_TYPES;
const DOCUMENT_TYPES: readonly string[] = DOCUMENT_MIME_TYPES;

export const uploadRefusal = {
  /** The body is not a multipart form (415). */
  notMultipart: (field: string): ApiError => ({
    statusCode: 415,
    message: TEXTS.sendAsMultipart,
    details: [{ path: field, message: 'multipart/form-data required' }],
  }),
  /** The form has no file under its field (400). */
  missingFile: (field: string): ApiError => fieldError(field, 'required'),
  /** The form could not be read as multipart (400). */
  malformed: (): ApiError => ({
    statusCode: 400,
    message: TEXTS.malformedMultipart,
    details: [{ path: '(body)', message: 'malformed multipart body' }],
  }),
  /** Over the 25 MB limit (413). */
  tooLarge: (): ApiError => ({
    statusCode: 413,
    message: TEXTS.uploadTooLarge,
    details: [{ path: 'file', message: `larger than ${MAX_FILE_SIZE_BYTES} bytes` }],
  }),
  /** A type the endpoint does not take, or none we know; `what` names it when known (415). */
  typeNotAccepted: (what: string): ApiError => ({
    statusCode: 415,
    message: textsWith.uploadTypeNotAccepted(what),
    details: [{ path: 'file', message: 'unsupported file type' }],
  }),
  /** An image whose pixels cannot be decoded (415). */
  imageUnreadable: (detail: string): ApiError => ({
    statusCode: 415,
    message: TEXTS.imageUnreadable,
    details: [{ path: 'image', message: detail.slice(0, 200) }],
  }),
};

/**
 * The type of an upload, decided by its content (`type`: what `sniffMimeType` found, possibly
 * refined by the caller, e.g. APNG, or null for nothing we know), within what the endpoint takes:
 * the type, or the refusal to answer.
 */
export function uploadTypeDecision(
  type: string | null,
  kinds: readonly UploadKind[],
): { type: string } | { refusal: ApiError } {
  if (type === null) return { refusal: uploadRefusal.typeNotAccepted('') };
  const ok =
    (kinds.includes('image') && IMAGE_TYPES.includes(type)) ||
    (kinds.includes('document') && DOCUMENT_TYPES.includes(type));
  return ok ? { type } : { refusal: uploadRefusal.typeNotAccepted(type) };
}
