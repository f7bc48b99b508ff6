// `ioredis` for the in-page server: src/xmpp/redisBus.ts connects chat nodes over Redis when
// REDIS_URL is set; a page is one node without it.
import { notInBrowser } from './notInBrowser.js';

/** `new Redis(…)` throws. */
export function Redis(): never {
  throw notInBrowser('ioredis (REDIS_URL)');
}
