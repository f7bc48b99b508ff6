import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import sharp, { type Sharp } from 'sharp';
import {
  DOCUMENT_MIME_TYPES,
  IMAGE_MIME_TYPES,
  MAX_FILE_SIZE_BYTES,
  THUMBNAIL_MAX_PX,
  fieldError,
  sniffMimeType,
  TEXTS,
  uploadRefusal,
  uploadTypeDecision,
  type UploadKind,
} from '@pando/domain';
import { badField, fromApiError, HttpError, notFound } from '../http/errors.js';
import { decodeBmp, decodeIco } from './bmp.js';
import type { UploadStore } from './store.js';

/**
 * The one upload pipeline of the product (OWASP File Upload Cheat Sheet), for every upload route:
 * - size: 26,214,400 bytes enforced while streaming; past it, 413 and the partial file is gone;
 * - type: decided by magic bytes against an allowlist, never by the name or the client's type;
 * - images: decoded and re-encoded by sharp (EXIF/GPS and every other metadata dropped,
 *   orientation applied first), plus a thumbnail of at most 150 px;
 * - storage: under a generated key in a pluggable store; the client's file name is only metadata;
 * - download: attachment with RFC 6266 `filename*`, `nosniff`, a sandboxing CSP, and only the
 *   stored (sniffed) content type, so nothing is ever rendered inline as HTML or SVG.
 */

/** The allowlists are the domain's, which the pickers offer: one rule (no SVG, issue 24). */
const IMAGE_TYPES: readonly string[] = IMAGE_MIME_TYPES;
const DOCUMENT_TYPES: readonly string[] = DOCUMENT_MIME_TYPES;
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const unsupportedType = (what: string) => fromApiError(uploadRefusal.typeNotAccepted(what));
const tooLarge = () => fromApiError(uploadRefusal.tooLarge());

export interface ReceivedUpload {
  /** Temp file holding the raw bytes; the caller stores or discards it (see `discard`). */
  tempPath: string;
  size: number;
  /** Sanitised client file name (display and Content-Disposition only). */
  filename: string;
  /** The form's text fields (bounded by the multipart limits). */
  fields: Record<string, string>;
}

/** busboy limits: one file, a few short fields, and the product's size limit. */
const MULTIPART_LIMITS = {
  fileSize: MAX_FILE_SIZE_BYTES,
  files: 1,
  fields: 10,
  fieldSize: 10_000,
  fieldNameSize: 100,
  parts: 12,
  headerPairs: 50,
} as const;

/**
 * Keeps a client file name harmless: no directory parts (`../../x` → `x`), no control or
 * bidi-override characters, at most 255 characters with the extension kept. Never used in a path.
 */
/** C0/C1 controls and bidi overrides (which can make `exe.pdf` read as `fdp.exe`). */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function safeFilename(raw: string | undefined, fallback = 'file'): string {
  let name = (raw ?? '').normalize('NFC');
  name = name.split(/[\\/]/).pop() ?? '';
  name = name.replace(UNSAFE_CHARS, '').trim();
  name = name.replace(/^\.+/, '');
  if (name === '') name = fallback;
  // Code points, so a name is never cut inside a surrogate pair.
  const chars = Array.from(name);
  if (chars.length > 255) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
    name =
      Array.from(name.slice(0, name.length - ext.length))
        .slice(0, 255 - Array.from(ext).length)
        .join('') + ext;
  }
  return name;
}

/**
 * Streams the one file of a multipart request to a temp file of the store, counting bytes.
 * `fileField` is the form field that must carry the file (`image`, `file`).
 */
export async function receiveUpload(
  req: FastifyRequest,
  store: UploadStore,
  fileField: string,
): Promise<ReceivedUpload> {
  if (!req.isMultipart()) {
    throw fromApiError(uploadRefusal.notMultipart(fileField));
  }
  const fields: Record<string, string> = {};
  let received: { tempPath: string; size: number; filename: string } | undefined;
  const temps: string[] = [];
  try {
    for await (const part of req.parts({ limits: MULTIPART_LIMITS })) {
      if (part.type === 'field') {
        if (part.valueTruncated || part.fieldnameTruncated) {
          throw badField(part.fieldname, 'too long');
        }
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
        continue;
      }
      if (part.fieldname !== fileField || received) {
        part.file.resume();
        throw new HttpError(400, fieldError(fileField, '').message, [
          {
            path: part.fieldname,
            message: received
              ? 'only one file per request'
              : `the file must be sent as "${fileField}"`,
          },
        ]);
      }
      const tempPath = store.tempPath();
      temps.push(tempPath);
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _enc, cb) {
          size += chunk.length;
          // busboy stops at the limit; this is the belt to its braces.
          if (size > MAX_FILE_SIZE_BYTES) cb(tooLarge());
          else cb(null, chunk);
        },
      });
      await pipeline(part.file, counter, fs.createWriteStream(tempPath, { mode: 0o600 }));
      if (part.file.truncated) throw tooLarge();
      // Browsers send `"`, CR and LF in multipart file names as %22, %0D, %0A (WHATWG).
      const raw = part.filename.replace(/%22/g, '"').replace(/%0D/gi, '\r').replace(/%0A/gi, '\n');
      received = { tempPath, size, filename: safeFilename(raw) };
    }
  } catch (err) {
    await Promise.all(temps.map((t) => fsp.rm(t, { force: true })));
    throw mapMultipartError(err);
  }
  if (!received) throw fromApiError(uploadRefusal.missingFile(fileField));
  return { ...received, fields };
}

function mapMultipartError(err: unknown): unknown {
  if (err instanceof HttpError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_FILES_LIMIT') return badField('file', 'only one file per request');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new HttpError(400, TEXTS.tooManyFormFields, [
      { path: '(body)', message: 'too many parts' },
    ]);
  }
  if (
    code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' ||
    (err instanceof Error && /boundary|Multipart/i.test(err.message))
  ) {
    return fromApiError(uploadRefusal.malformed());
  }
  return err;
}

export const discard = (u: { tempPath: string }) => fsp.rm(u.tempPath, { force: true });

async function head(pathName: string, n: number): Promise<Buffer> {
  const fh = await fsp.open(pathName, 'r');
  try {
    const buf = Buffer.alloc(n);
    const { bytesRead } = await fh.read(buf, 0, n, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/**
 * The type by content. SVG, HTML, scripts and anything unknown are refused; a zip counts as
 * docx only when it holds `word/document.xml`.
 */
export async function detectType(
  u: { tempPath: string; size: number },
  allowed: UploadKind[],
): Promise<string> {
  const start = await head(u.tempPath, 64);
  let type = sniffMimeType(start);
  if (type === 'image/png' && u.size < 64 * 1024 * 1024) {
    const bytes = await fsp.readFile(u.tempPath);
    if (bytes.includes(Buffer.from('acTL'))) type = 'image/apng';
  }
  if (type === DOCX) {
    const bytes = await fsp.readFile(u.tempPath);
    if (!bytes.includes(Buffer.from('word/document.xml'))) type = null;
  }
  const decision = uploadTypeDecision(type, allowed);
  if ('refusal' in decision) throw fromApiError(decision.refusal);
  return decision.type;
}

export interface ProcessedImage {
  data: Buffer;
  contentType: string;
  thumbnail: Buffer;
  thumbnailType: string;
  width: number;
  height: number;
}

/** Pixel bound against decompression bombs (a 25 MB PNG can claim billions of pixels). */
const MAX_IMAGE_PIXELS = 40_000_000;

/**
 * Decodes and re-encodes: JPEG stays JPEG, PNG/APNG/TIFF/BMP/ICO become PNG, WebP stays WebP,
 * GIF stays GIF (animated). No metadata is copied, so EXIF (GPS included), XMP and comments
 * are gone. BMP and ICO are decoded by ./bmp.ts (libvips here reads neither).
 */
export async function processImage(
  original: Buffer,
  originalType: string,
): Promise<ProcessedImage> {
  let bytes = original;
  let type = originalType;
  if (type === 'image/bmp' || type === 'image/x-icon') {
    const raw =
      type === 'image/bmp'
        ? decodeBmp(bytes, MAX_IMAGE_PIXELS)
        : decodeIco(bytes, MAX_IMAGE_PIXELS);
    if (!raw)
      throw unsupportedType(`this ${type === 'image/bmp' ? 'BMP' : 'icon'} variant cannot be read`);
    if (raw.png) bytes = raw.png;
    else if (raw.rgba) {
      const { data, width, height } = raw.rgba;
      bytes = await sharp(data, { raw: { width, height, channels: 4 } })
        .png()
        .toBuffer();
    }
    type = 'image/png';
  }
  const animated = type === 'image/gif';
  let base: Sharp;
  try {
    base = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, animated, failOn: 'error' }).rotate();
    const out =
      type === 'image/jpeg'
        ? { img: base.clone().jpeg({ quality: 85, mozjpeg: true }), ct: 'image/jpeg' }
        : type === 'image/webp'
          ? { img: base.clone().webp({ quality: 85 }), ct: 'image/webp' }
          : type === 'image/gif'
            ? { img: base.clone().gif(), ct: 'image/gif' }
            : { img: base.clone().png(), ct: 'image/png' };
    const { data, info } = await out.img.toBuffer({ resolveWithObject: true });
    const thumbJpeg = type === 'image/jpeg';
    const thumb = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .rotate()
      .resize({
        width: THUMBNAIL_MAX_PX,
        height: THUMBNAIL_MAX_PX,
        fit: 'inside',
        withoutEnlargement: true,
      });
    const thumbnail = await (thumbJpeg ? thumb.jpeg({ quality: 80 }) : thumb.png()).toBuffer();
    return {
      data,
      contentType: out.ct,
      thumbnail,
      thumbnailType: thumbJpeg ? 'image/jpeg' : 'image/png',
      width: info.width,
      height: info.height,
    };
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw fromApiError(
      uploadRefusal.imageUnreadable(err instanceof Error ? err.message : 'undecodable image'),
    );
  }
}

/** RFC 6266 / RFC 5987: an ASCII fallback plus the exact UTF-8 name in `filename*`. */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%;]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Sends stored bytes as a download that no browser will render or sniff. */
export async function sendStored(
  reply: FastifyReply,
  store: UploadStore,
  key: string,
  meta: { contentType: string; filename: string },
): Promise<FastifyReply> {
  const stream = await store.get(key);
  if (!stream) throw notFound('File');
  const safeType = [...IMAGE_TYPES, ...DOCUMENT_TYPES].includes(meta.contentType)
    ? meta.contentType
    : 'application/octet-stream';
  return reply
    .header('Content-Type', safeType)
    .header('Content-Disposition', contentDisposition(meta.filename))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', DOWNLOAD_CSP)
    .header('Cache-Control', 'private, no-store')
    .send(stream);
}

const DOWNLOAD_CSP = "default-src 'none'; sandbox";

export const newUploadKey = () => randomUUID();

/**
 * An area that takes uploads and answers downloads (chat files and images, smart-form files):
 * multipart with the upload limits, and, after the app-wide security headers (child hooks run
 * last), a CSP that sandboxes every attachment download even if a browser were ever to render one.
 */
export function registerUploadScope(app: FastifyInstance): void {
  void app.register(fastifyMultipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
  app.addHook('onSend', async (_req, reply, payload) => {
    if (String(reply.getHeader('content-disposition') ?? '').startsWith('attachment')) {
      reply.header('Content-Security-Policy', DOWNLOAD_CSP);
    }
    return payload;
  });
}
