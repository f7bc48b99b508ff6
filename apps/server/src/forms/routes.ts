import type { FastifyInstance } from 'fastify';
import { registerSubmitRoutes } from './submit.js';
import { registerStructuredFileRoutes } from './files.js';
import { registerTemplateRoutes } from './templateRoutes.js';
import { createUploadStore } from '../uploads/routes.js';
import type { UploadStore } from '../uploads/store.js';

/**
 * Smart-form templates (spec 02 §7 "Structured forms", issue 20), under /api/v4; bearer token or
 * session. Templates are stored whole (controls and export options as their wire JSON, values
 * left out); a save that changes one bumps its version in place, so a form filled on an older
 * version finds it superseded (domain `lookupTemplate`).
 */
export default function formRoutes(
  app: FastifyInstance,
  opts: { store?: UploadStore },
  done: (err?: Error) => void,
): void {
  registerTemplateRoutes(app);
  registerSubmitRoutes(app);
  registerStructuredFileRoutes(app, opts.store ?? createUploadStore(app.config.dataDir));
  done();
}
