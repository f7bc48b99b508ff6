import type { FastifyInstance } from 'fastify';
import { registerUploadRoutes } from './routes.js';

/** Issue 6 routes of this area; registered by buildServer after the chat server (needs app.chat). */
export default function uploadsPlugin(
  app: FastifyInstance,
  _opts: unknown,
  done: (err?: Error) => void,
): void {
  registerUploadRoutes(app);
  done();
}
