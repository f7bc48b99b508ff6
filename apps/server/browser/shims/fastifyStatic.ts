// `@fastify/static` for the in-page server: src/http/static.ts registers it only when the built web
// app's index.html exists, and the page's file system is empty (./fs.ts), so it never is.
import { notInBrowser } from './notInBrowser.js';

export default function fastifyStatic(): never {
  throw notInBrowser('@fastify/static (serving apps/web/dist)');
}
