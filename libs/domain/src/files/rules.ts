import { textsWith } from '../texts/texts';
import { FILE_SIZE_UNITS, MAX_FILE_SIZE_BYTES } from './constants';

/** Spec 01 §5: files and images up to 26214400 bytes; larger ones are skipped. */
export function isFileTooLarge(size: number): boolean {
  return size > MAX_FILE_SIZE_BYTES;
}

/** Spec 02 §8: "The file, {name} is too large to send, the limit is 25 Mb for a single file." */
export function fileTooLargeMessage(name: string): string {
  return textsWith.fileTooLarge(name);
}

/**
 * Splits a selection into the files to send and the notifications for the skipped ones, in the
 * order the user picked them.
 */
export function partitionBySize<T extends { name: string; size: number }>(
  files: readonly T[],
): { accepted: T[]; rejected: { file: T; message: string }[] } {
  const accepted: T[] = [];
  const rejected: { file: T; message: string }[] = [];
  for (const file of files) {
    if (isFileTooLarge(file.size)) rejected.push({ file, message: fileTooLargeMessage(file.name) });
    else accepted.push(file);
  }
  return { accepted, rejected };
}

/** How a refused file's type is named: its extension as typed (".exe"), else its MIME type. */
function fileTypeLabel(file: { name: string; type: string }): string {
  const extension = /\.[^./\\]+$/.exec(file.name)?.[0];
  return extension?.toLowerCase() ?? (file.type || 'unknown');
}

/**
 * The checks before an upload (spec 01 §5): a file over 25 MB is refused naming the file; a type
 * outside `allowed` (by the browser's `File.type`; the server decides again by content) is refused
 * naming the type. Order kept; each refused file gets one message.
 */
export function partitionUploads<T extends { name: string; size: number; type: string }>(
  files: readonly T[],
  allowed: readonly string[],
): { accepted: T[]; rejected: { file: T; message: string }[] } {
  const accepted: T[] = [];
  const rejected: { file: T; message: string }[] = [];
  for (const file of files) {
    if (isFileTooLarge(file.size)) rejected.push({ file, message: fileTooLargeMessage(file.name) });
    else if (!isAllowedType(file.type, allowed))
      rejected.push({
        file,
        message: textsWith.fileTypeNotAllowed(file.name, fileTypeLabel(file)),
      });
    else accepted.push(file);
  }
  return { accepted, rejected };
}

/**
 * Spec 01 §9 file-size display: b, kb, Mb, Gb at about 1e3, 1e6, 1e9. One decimal, dropped when
 * it is zero ("1.5 Mb", "200 kb", "12 b").
 */
export function formatFileSize(bytes: number): string {
  const n = Math.max(0, Math.round(bytes));
  for (const { unit, size } of FILE_SIZE_UNITS) {
    if (n >= size) return `${trimDecimal(n / size)} ${unit}`;
  }
  return `${n} b`;
}

function trimDecimal(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
}

/**
 * Whether a file's type is in an allowed list; the client checks `File.type`, the server checks
 * magic bytes (ARCHITECTURE "types are decided by magic bytes").
 */
export function isAllowedType(mimeType: string, allowed: readonly string[]): boolean {
  return allowed.includes(mimeType.toLowerCase().split(';')[0]?.trim() ?? '');
}

/**
 * Decides a type from the first bytes of an upload. Returns null for anything we do not accept,
 * so a renamed executable never becomes an "image".
 */
export function sniffMimeType(bytes: Uint8Array): string | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45) return 'image/webp';
  if (starts(0x42, 0x4d)) return 'image/bmp';
  if (starts(0x49, 0x49, 0x2a, 0x00) || starts(0x4d, 0x4d, 0x00, 0x2a)) return 'image/tiff';
  if (starts(0x00, 0x00, 0x01, 0x00)) return 'image/x-icon';
  if (starts(0x25, 0x50, 0x44, 0x46)) return 'application/pdf';
  if (starts(0x50, 0x4b, 0x03, 0x04)) {
    return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  }
  return null;
}
