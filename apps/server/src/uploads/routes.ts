import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { registerChatImageRoutes } from './chatImageRoutes.js';
import { registerFileEmailRoutes } from './email.js';
import { registerFileRoutes } from './fileRoutes.js';
import { registerChatImageShareRoutes } from './imageShareRoutes.js';
import { registerUploadScope } from './safety.js';
import { DirectoryUploadStore, type UploadStore } from './store.js';

/** The store of an app: `DATA_DIR/uploads` unless a test or deployment passes another. */
export function createUploadStore(dataDir: string): UploadStore {
  return new DirectoryUploadStore(path.join(dataDir, 'uploads'));
}

/** Chat images and files (spec 01 §3, §5), under /api/v4. */
export function registerUploadRoutes(
  app: FastifyInstance,
  store: UploadStore = createUploadStore(app.config.dataDir),
): void {
  registerUploadScope(app);
  registerChatImageRoutes(app, store);
  registerChatImageShareRoutes(app);
  registerFileRoutes(app, store);
  registerFileEmailRoutes(app, store);
}
