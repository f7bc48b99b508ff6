// STUB for `sharp` (native libvips; src/uploads/safety.ts): image uploads/thumbnails unavailable.
export default function sharp() { throw new Error('sharp: not in the browser'); }
