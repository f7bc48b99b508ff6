import type { FastifyInstance } from 'fastify';
import { registerAdviceRoutes } from './routes.js';

/** Issue 6 routes of this area; registered by buildServer after the chat server (needs app.chat). */
export default function advicePlugin(
  app: FastifyInstance,
  _opts: unknown,
  done: (err?: Error) => void,
): void {
  registerAdviceRoutes(app);
  done();
}
