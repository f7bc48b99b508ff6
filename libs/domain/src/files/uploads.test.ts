import { describe, expect, it } from 'vitest';
import { TEXTS } from '../texts/texts';
import { sniffMimeType } from './rules';
import { type UploadKind, uploadRefusal, uploadTypeDecision } from './uploads';

const bytes = (text: string) => new TextEncoder().encode(text);
/** The server's decision (uploads/safety.ts): the type found in the first bytes, then the rule. */
const uploadTypeOf = (content: Uint8Array, kinds: readonly UploadKind[]) =>
  uploadTypeDecision(sniffMimeType(content), kinds);

describe('upload rules', () => {
  it('decide the type by content, within what the endpoint takes', () => {
    expect(uploadTypeOf(bytes('%PDF-1.7'), ['image', 'document'])).toEqual({
      type: 'application/pdf',
    });
    expect(
      uploadTypeOf(Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), ['image']),
    ).toEqual({ type: 'image/png' });
    // A PDF where only images are taken names the type it refused.
    const pdfAsImage = uploadTypeOf(bytes('%PDF-1.7'), ['image']);
    expect('refusal' in pdfAsImage && pdfAsImage.refusal).toMatchObject({
      statusCode: 415,
      message: expect.stringContaining('(application/pdf)') as string,
    });
    // HTML renamed to .pdf is nothing we know.
    const html = uploadTypeDecision(null, ['document']);
    expect('refusal' in html && html.refusal.message).toMatch(/^This file type is not accepted\./);
  });

  it('word each refusal once, with the field it is about', () => {
    expect(uploadRefusal.notMultipart('image')).toEqual({
      statusCode: 415,
      message: TEXTS.sendAsMultipart,
      details: [{ path: 'image', message: 'multipart/form-data required' }],
    });
    expect(uploadRefusal.missingFile('file')).toMatchObject({
      statusCode: 400,
      details: [{ path: 'file', message: 'required' }],
    });
    expect(uploadRefusal.malformed().message).toBe(TEXTS.malformedMultipart);
    expect(uploadRefusal.tooLarge()).toMatchObject({
      statusCode: 413,
      message: TEXTS.uploadTooLarge,
    });
    expect(uploadRefusal.imageUnreadable('x'.repeat(300)).details).toEqual([
      { path: 'image', message: 'x'.repeat(200) },
    ]);
  });
});
