/**
 * BMP and ICO decoders for the upload pipeline: sharp's libvips build reads neither, and both
 * are on the product's image allowlist. They turn the pixels into RGBA for sharp to re-encode as
 * PNG, so a BMP or ICO is re-encoded like every other image (nothing of the original file but
 * its pixels survives). Supported: uncompressed 8-bit palette, 24-bit and 32-bit bitmaps
 * (BI_RGB and BI_BITFIELDS), icons holding PNG or such bitmaps. Anything else returns null and
 * is refused as an unsupported type.
 */

export interface RawImage {
  /** PNG bytes (an icon entry that is a PNG), or RGBA pixels. */
  png?: Buffer;
  rgba?: { data: Buffer; width: number; height: number };
}

const u16 = (b: Buffer, o: number) => b.readUInt16LE(o);
const u32 = (b: Buffer, o: number) => b.readUInt32LE(o);
const i32 = (b: Buffer, o: number) => b.readInt32LE(o);

function shiftOf(mask: number): { shift: number; max: number } {
  if (mask === 0) return { shift: 0, max: 0 };
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) shift++;
  return { shift, max: mask >>> shift };
}

/**
 * Decodes a device-independent bitmap at `at` (its info header). For icons the stored height
 * counts the colour and the 1-bit AND mask together, and the mask gives transparency.
 */
function decodeDib(
  buf: Buffer,
  at: number,
  pixelsAt: number | undefined,
  icon: boolean,
  maxPixels: number,
): RawImage['rgba'] | null {
  if (buf.length < at + 40) return null;
  const headerSize = u32(buf, at);
  if (headerSize < 40 || at + headerSize > buf.length) return null;
  const width = i32(buf, at + 4);
  const rawHeight = i32(buf, at + 8);
  const bpp = u16(buf, at + 14);
  const compression = u32(buf, at + 16);
  let colorsUsed = u32(buf, at + 32);
  const topDown = rawHeight < 0;
  const height = Math.abs(icon ? rawHeight / 2 : rawHeight);
  if (width <= 0 || height <= 0 || !Number.isInteger(height) || width * height > maxPixels)
    return null;
  if (![8, 24, 32].includes(bpp) || ![0, 3, 6].includes(compression)) return null;
  if (bpp !== 32 && compression !== 0) return null;

  let masks = [0x00ff0000, 0x0000ff00, 0x000000ff, 0xff000000];
  let paletteAt = at + headerSize;
  if (compression === 3 || compression === 6) {
    const maskAt = headerSize >= 52 ? at + 40 : at + headerSize;
    if (maskAt + 12 > buf.length) return null;
    masks = [
      u32(buf, maskAt),
      u32(buf, maskAt + 4),
      u32(buf, maskAt + 8),
      headerSize >= 56 || compression === 6 ? u32(buf, maskAt + 12) : 0,
    ];
    if (headerSize < 52) paletteAt += compression === 6 ? 16 : 12;
  }
  let palette: Buffer | undefined;
  if (bpp === 8) {
    if (colorsUsed === 0 || colorsUsed > 256) colorsUsed = 256;
    if (paletteAt + colorsUsed * 4 > buf.length) return null;
    palette = buf.subarray(paletteAt, paletteAt + colorsUsed * 4);
  }
  const dataAt = pixelsAt ?? paletteAt + (palette?.length ?? 0);
  const stride = Math.floor((bpp * width + 31) / 32) * 4;
  if (dataAt + stride * height > buf.length) return null;
  const out = Buffer.alloc(width * height * 4);
  const channels = masks.map(shiftOf);
  let anyAlpha = false;
  for (let y = 0; y < height; y++) {
    const row = dataAt + (topDown ? y : height - 1 - y) * stride;
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      if (bpp === 8) {
        const idx = buf[row + x] ?? 0;
        const p = palette && idx * 4 + 3 < palette.length ? idx * 4 : 0;
        out[o] = palette?.[p + 2] ?? 0;
        out[o + 1] = palette?.[p + 1] ?? 0;
        out[o + 2] = palette?.[p] ?? 0;
        out[o + 3] = 255;
      } else if (bpp === 24) {
        const p = row + x * 3;
        out[o] = buf[p + 2] ?? 0;
        out[o + 1] = buf[p + 1] ?? 0;
        out[o + 2] = buf[p] ?? 0;
        out[o + 3] = 255;
      } else {
        const v = u32(buf, row + x * 4);
        for (let c = 0; c < 4; c++) {
          const ch = channels[c];
          const mask = masks[c] ?? 0;
          if (!ch || mask === 0) {
            out[o + c] = 255;
            continue;
          }
          const value = ((v & mask) >>> ch.shift) / ch.max;
          out[o + c] = Math.round(value * 255);
        }
        if ((out[o + 3] ?? 0) !== 0) anyAlpha = true;
      }
    }
  }
  // 32-bit BI_RGB files usually leave the alpha byte 0: then the image is opaque.
  if (bpp === 32 && !anyAlpha) for (let i = 3; i < out.length; i += 4) out[i] = 255;
  if (icon && bpp !== 32) {
    const maskStride = Math.floor((width + 31) / 32) * 4;
    const maskAt = dataAt + stride * height;
    if (maskAt + maskStride * height <= buf.length) {
      for (let y = 0; y < height; y++) {
        const row = maskAt + (topDown ? y : height - 1 - y) * maskStride;
        for (let x = 0; x < width; x++) {
          if (((buf[row + (x >> 3)] ?? 0) >> (7 - (x & 7))) & 1) out[(y * width + x) * 4 + 3] = 0;
        }
      }
    }
  }
  return { data: out, width, height };
}

export function decodeBmp(buf: Buffer, maxPixels: number): RawImage | null {
  if (buf.length < 54 || buf[0] !== 0x42 || buf[1] !== 0x4d) return null;
  const pixelsAt = u32(buf, 10);
  if (pixelsAt >= buf.length) return null;
  const rgba = decodeDib(buf, 14, pixelsAt, false, maxPixels);
  return rgba ? { rgba } : null;
}

/** The largest image of an icon file. */
export function decodeIco(buf: Buffer, maxPixels: number): RawImage | null {
  if (buf.length < 6 || u16(buf, 0) !== 0 || u16(buf, 2) !== 1) return null;
  const count = u16(buf, 4);
  if (count === 0 || 6 + count * 16 > buf.length) return null;
  let best: { size: number; offset: number; area: number } | undefined;
  for (let i = 0; i < count; i++) {
    const e = 6 + i * 16;
    const w = buf[e] || 256;
    const h = buf[e + 1] || 256;
    const size = u32(buf, e + 8);
    const offset = u32(buf, e + 12);
    if (offset + size > buf.length || size < 8) continue;
    if (!best || w * h > best.area) best = { size, offset, area: w * h };
  }
  if (!best) return null;
  const entry = buf.subarray(best.offset, best.offset + best.size);
  if (entry.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { png: entry };
  const rgba = decodeDib(entry, 0, undefined, true, maxPixels);
  return rgba ? { rgba } : null;
}
