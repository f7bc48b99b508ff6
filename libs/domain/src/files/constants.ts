/** Max file or image size (spec 01 §9, spec 02 §9): 25 MB = 26214400 bytes. */
export const MAX_FILE_SIZE_BYTES = 26_214_400;
/** How the limit is named in messages. */
export const MAX_FILE_SIZE_LABEL = '25 Mb';
/** Thumbnail max 150 px (spec 01 §9, spec 02 §9); modal image max 75vh. */
export const THUMBNAIL_MAX_PX = 150;
export const MODAL_IMAGE_MAX_HEIGHT = '75vh';
/**
 * The images every upload accepts — patient images, chat images and files, form files (spec 01
 * §5: "a shared constant"). The server's allowlist is this list (apps/server/src/uploads/safety.ts
 * checks the sniffed type against it), so a picker never offers what the server refuses. Spec 02
 * §5 also names SVG; it is left out on purpose: an SVG can carry script and there is no sanitiser
 * (issue 24 made the two lists one).
 */
export const IMAGE_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'image/apng',
  'image/bmp',
  'image/gif',
  'image/x-icon',
  'image/vnd.microsoft.icon',
  'image/tiff',
  'image/webp',
] as const;
/** Documents accepted by forms (spec 02 §5: docx, pdf). */
export const DOCUMENT_MIME_TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;
/** Spec 02 §5: acceptable file types are documents (docx, pdf) and images. */
export const FORM_FILE_MIME_TYPES = [...DOCUMENT_MIME_TYPES, ...IMAGE_MIME_TYPES] as const;
/** What a chat offers and accepts before uploading (spec 01 §5): the images above. */
export const CHAT_IMAGE_MIME_TYPES: readonly string[] = [...IMAGE_MIME_TYPES];
/** A chat file: a document or an image (the spec 02 §5 list, as the forms). */
export const CHAT_FILE_MIME_TYPES: readonly string[] = [...FORM_FILE_MIME_TYPES];
/** Spec 02 §5: broadcast attachments are jpeg, pdf and word. */
export const BROADCAST_MIME_TYPES = [
  'image/jpeg',
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;
/** Spec 02 §5: invitation import accepts CSV. */
export const CSV_MIME_TYPES = ['text/csv', 'application/vnd.ms-excel'] as const;
/** File-size units (spec 01 §9): b, kb, Mb, Gb at about 1e3, 1e6, 1e9. */
export const FILE_SIZE_UNITS = [
  { unit: 'Gb', size: 1e9 },
  { unit: 'Mb', size: 1e6 },
  { unit: 'kb', size: 1e3 },
] as const;
