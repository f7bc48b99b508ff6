import { describe, expect, it } from 'vitest';
import {
  fileTooLargeMessage,
  formatFileSize,
  isAllowedType,
  isFileTooLarge,
  partitionBySize,
  partitionUploads,
  sniffMimeType,
} from './rules';
import {
  BROADCAST_MIME_TYPES,
  CHAT_FILE_MIME_TYPES,
  CHAT_IMAGE_MIME_TYPES,
  FORM_FILE_MIME_TYPES,
  IMAGE_MIME_TYPES,
  MAX_FILE_SIZE_BYTES,
} from './constants';
import {
  CreatedIdSchema,
  FileUploadFieldsSchema,
  ImageListResponseSchema,
  ImageUploadFieldsSchema,
  ShareBodySchema,
} from './schemas';

describe('files (spec 01 §5, §9; spec 02 §5)', () => {
  it('files and images up to 26214400 bytes (25 MB)', () => {
    expect(MAX_FILE_SIZE_BYTES).toBe(26214400);
    expect(isFileTooLarge(26214400)).toBe(false);
    expect(isFileTooLarge(26214401)).toBe(true);
  });

  it('larger ones are skipped with a notification naming the file', () => {
    const { accepted, rejected } = partitionBySize([
      { name: 'a.pdf', size: 10 },
      { name: 'scan.tiff', size: 30_000_000 },
    ]);
    expect(accepted.map((f) => f.name)).toEqual(['a.pdf']);
    expect(rejected[0]?.message).toBe(
      'The file, scan.tiff is too large to send, the limit is 25 Mb for a single file.',
    );
    expect(fileTooLargeMessage('x')).toContain('x is too large');
  });

  it('chat uploads: a too-large file is refused naming it, a disallowed type naming the type', () => {
    const { accepted, rejected } = partitionUploads(
      [
        { name: 'referral.pdf', size: 10, type: 'application/pdf' },
        { name: 'setup.EXE', size: 10, type: 'application/x-msdownload' },
        { name: 'scan.png', size: 26_214_401, type: 'image/png' },
        { name: 'notes', size: 10, type: '' },
        { name: 'drawing.svg', size: 10, type: 'image/svg+xml' },
      ],
      CHAT_FILE_MIME_TYPES,
    );
    expect(accepted.map((f) => f.name)).toEqual(['referral.pdf']);
    expect(rejected.map((r) => r.message)).toEqual([
      'The file, setup.EXE cannot be sent: .exe files are not allowed. Send a PDF, a Word document or an image.',
      'The file, scan.png is too large to send, the limit is 25 Mb for a single file.',
      'The file, notes cannot be sent: unknown files are not allowed. Send a PDF, a Word document or an image.',
      'The file, drawing.svg cannot be sent: .svg files are not allowed. Send a PDF, a Word document or an image.',
    ]);
    expect(CHAT_IMAGE_MIME_TYPES).toContain('image/webp');
    expect(CHAT_FILE_MIME_TYPES).toContain(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
  });

  it('file size display: b, kb, Mb, Gb at about 1e3, 1e6, 1e9', () => {
    expect(formatFileSize(12)).toBe('12 b');
    expect(formatFileSize(999)).toBe('999 b');
    expect(formatFileSize(1000)).toBe('1 kb');
    expect(formatFileSize(200_400)).toBe('200.4 kb');
    expect(formatFileSize(1_500_000)).toBe('1.5 Mb');
    expect(formatFileSize(26214400)).toBe('26.2 Mb');
    expect(formatFileSize(2e9)).toBe('2 Gb');
    expect(formatFileSize(-5)).toBe('0 b');
  });

  it('acceptable types: documents (docx, pdf) and images; broadcast jpeg, pdf, word', () => {
    expect(isAllowedType('application/pdf', FORM_FILE_MIME_TYPES)).toBe(true);
    expect(isAllowedType('IMAGE/WEBP', FORM_FILE_MIME_TYPES)).toBe(true);
    // One rule with the server: SVG (script inside) is refused everywhere, so never offered.
    expect(isAllowedType('image/svg+xml; charset=utf-8', IMAGE_MIME_TYPES)).toBe(false);
    expect(isAllowedType('image/svg+xml', CHAT_FILE_MIME_TYPES)).toBe(false);
    expect(isAllowedType('application/zip', FORM_FILE_MIME_TYPES)).toBe(false);
    expect(isAllowedType('image/png', BROADCAST_MIME_TYPES)).toBe(false);
    expect(isAllowedType('application/msword', BROADCAST_MIME_TYPES)).toBe(true);
  });

  it('decides types by magic bytes', () => {
    const b = (...x: number[]) => new Uint8Array([...x, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(sniffMimeType(b(0xff, 0xd8, 0xff))).toBe('image/jpeg');
    expect(sniffMimeType(b(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(sniffMimeType(b(0x47, 0x49, 0x46, 0x38))).toBe('image/gif');
    expect(sniffMimeType(b(0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45))).toBe('image/webp');
    expect(sniffMimeType(b(0x42, 0x4d))).toBe('image/bmp');
    expect(sniffMimeType(b(0x49, 0x49, 0x2a, 0x00))).toBe('image/tiff');
    expect(sniffMimeType(b(0x00, 0x00, 0x01, 0x00))).toBe('image/x-icon');
    expect(sniffMimeType(b(0x25, 0x50, 0x44, 0x46))).toBe('application/pdf');
    expect(sniffMimeType(b(0x50, 0x4b, 0x03, 0x04))).toContain('wordprocessingml');
    expect(sniffMimeType(b(0x4d, 0x5a))).toBeNull();
  });
});

describe('file and image wire schemas', () => {
  it('parses upload fields and names bad ones', () => {
    expect(FileUploadFieldsSchema.parse({ user_ids: '1, 2', team_ids: '' })).toEqual({
      user_ids: [1, 2],
      team_ids: [],
    });
    expect(FileUploadFieldsSchema.safeParse({ advice_ids: '1,x' }).error?.issues[0]?.path).toEqual([
      'advice_ids',
      1,
    ]);
    expect(ImageUploadFieldsSchema.parse({ filename: 'a.jpg', patient_id: '3' }).patient_id).toBe(
      3,
    );
    expect(ShareBodySchema.safeParse({ access_type: 'WRITE' }).error?.issues[0]?.path).toEqual([
      'access_type',
    ]);
    expect(CreatedIdSchema.parse({ id: 5 }).id).toBe(5);
    expect(
      ImageListResponseSchema.parse({
        results: [{ meta: { id: 1 }, data: 'aGk=' }],
        total_count: 1,
      }).results,
    ).toHaveLength(1);
    expect(
      ImageListResponseSchema.safeParse({
        results: [{ meta: { id: 1 }, data: '%%' }],
        total_count: 1,
      }).error?.issues[0]?.path,
    ).toEqual(['results', 0, 'data']);
  });
});
