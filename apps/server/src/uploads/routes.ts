import type { FastifyInstance } from 'fastify';

export function registerUploadRoutes(_app: FastifyInstance): void {}
