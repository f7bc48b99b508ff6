// The installable app's icons (issue 37), drawn from public/favicon.svg so there is one picture.
// Run once after the favicon changes, and commit the PNGs: `node apps/web/scripts/icons.mjs`.
//   pwa-192.png, pwa-512.png   the favicon as it is (rounded square), purpose "any"
//   pwa-maskable-512.png       full-bleed square, the glyph inside the maskable safe zone (the
//                              centred circle of 80 % of the width) so a launcher may crop it
//                              to a circle or a squircle without cutting the letter
//   apple-touch-icon.png       180 px, full-bleed: iOS rounds the corners itself and ignores the
//                              manifest's icons ("Add to Home Screen")
import { Buffer } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '../public');
const favicon = readFileSync(join(publicDir, 'favicon.svg'), 'utf8');

/**
 * The favicon on a square background with no rounded corners, its drawing scaled by `scale`
 * around the centre. Its viewBox is 0 0 32 32 with one background <rect>; the rest is the glyph.
 */
function fullBleed(scale) {
  const background = /<rect[^>]*\/>/.exec(favicon)?.[0];
  if (!background) throw new Error('favicon.svg: expected one background <rect/>');
  const glyph = favicon
    .replace(/^<svg[^>]*>/, '')
    .replace(/<\/svg>\s*$/, '')
    .replace(background, '');
  const square = background.replace(/\s+rx="[^"]*"/, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${square}<g transform="translate(16 16) scale(${scale}) translate(-16 -16)">${glyph}</g></svg>`;
}

/** Renders an SVG at `size` px: rasterised at the target size (72 dpi × size / 32), not scaled up. */
async function png(svg, size, file) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(join(publicDir, file));
  console.log(`${file} ${size}×${size}`);
}

await png(favicon, 192, 'pwa-192.png');
await png(favicon, 512, 'pwa-512.png');
// The glyph's far corner sits 12.1 units from the centre at scale 1, the safe zone's radius is
// 12.8 (40 % of 32): 0.8 keeps a margin.
await png(fullBleed(0.8), 512, 'pwa-maskable-512.png');
await png(fullBleed(0.9), 180, 'apple-touch-icon.png');
