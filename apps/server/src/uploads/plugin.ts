import type { FastifyInstance } from 'fastify';
import { registerUploadRoutes } from './routes.js';

/** Issue 6 routes of this area; registered by buildServer after the chat server (needs app.chat). */
export default async function uploadsPlugin(app: FastifyInstance): Promise<void> {
  registerUploadRoutes(app);
}
