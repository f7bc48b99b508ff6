// `sharp` (native libvips) for the in-page server: src/uploads/safety.ts re-encodes uploaded
// images with it. Uploads and thumbnails are not available in a page.
import { notInBrowser } from './notInBrowser.js';

export default function sharp(): never {
  throw notInBrowser('sharp (image uploads)');
}
