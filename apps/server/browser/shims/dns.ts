// node:dns for the in-page server: Fastify resolves the host it listens on, and nothing listens
// in a page.
import { notInBrowser } from './notInBrowser.js';

export function lookup(): never {
  throw notInBrowser('dns.lookup');
}

export default { lookup };
