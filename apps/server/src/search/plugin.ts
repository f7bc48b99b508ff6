import type { FastifyInstance } from 'fastify';
import { registerSearchRoutes } from './routes.js';

/** Issue 6 routes of this area; registered by buildServer after the chat server (needs app.chat). */
export default async function searchPlugin(app: FastifyInstance): Promise<void> {
  registerSearchRoutes(app);
}
