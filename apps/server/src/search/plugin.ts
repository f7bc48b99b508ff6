import type { FastifyInstance } from 'fastify';
import { registerSearchRoutes } from './routes.js';

/** Issue 6 routes of this area; registered by buildServer after the chat server (needs app.chat). */
export default function searchPlugin(
  app: FastifyInstance,
  _opts: unknown,
  done: (err?: Error) => void,
): void {
  registerSearchRoutes(app);
  done();
}
