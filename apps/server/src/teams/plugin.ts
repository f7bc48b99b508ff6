import type { FastifyInstance } from 'fastify';
import { registerTeamRoutes } from './routes.js';

/** Issue 6 routes of this area; registered by buildServer after the chat server (needs app.chat). */
export default async function teamsPlugin(app: FastifyInstance): Promise<void> {
  registerTeamRoutes(app);
}
