import type { FastifyInstance } from 'fastify';
import { registerTeamRoutes } from './routes.js';

/** Issue 6 routes of this area; registered by buildServer after the chat server (needs app.chat). */
export default function teamsPlugin(
  app: FastifyInstance,
  _opts: unknown,
  done: (err?: Error) => void,
): void {
  registerTeamRoutes(app);
  done();
}
