import type { FastifyInstance } from 'fastify';
import { registerUploadScope } from '../uploads/safety.js';
import type { UploadStore } from '../uploads/store.js';
import { createUploadStore } from '../uploads/routes.js';
import { registerCardEditRoutes } from './cardEditRoutes.js';
import { registerCardExportRoutes } from './cardExportRoutes.js';
import { registerCardRoutes } from './cardRoutes.js';
import { registerCardShareRoutes } from './cardShareRoutes.js';
import { registerImageRoutes } from './imageRoutes.js';
import { registerPatientDetailRoutes } from './patientDetailRoutes.js';
import { registerPlaceRoutes } from './placeRoutes.js';
import { registerTaskRoutes } from './taskRoutes.js';

/**
 * Patient cards, tasks, patients, hospitals, wards and patient images (spec 01 §7; issue 18),
 * under /api/v4. Who may act on a card or patient is route config (src/patients/access.ts,
 * read by the authentication scope's guards and the generated authorization test). The routes
 * are registered in this order by the modules beside this one (the cards, tasks, patients,
 * hospitals and wards from their declarations, @pando/domain patientsEndpoints), their SQL in
 * repo.ts and imageRepo.ts.
 */
export default function patientRoutes(
  app: FastifyInstance,
  opts: { store?: UploadStore },
  done: (err?: Error) => void,
): void {
  const store = opts.store ?? createUploadStore(app.config.dataDir);
  // Multipart uploads, and the sandbox CSP on every download (issue 36: it was missing here).
  registerUploadScope(app);
  registerCardRoutes(app);
  registerCardEditRoutes(app);
  registerCardExportRoutes(app);
  registerCardShareRoutes(app);
  registerTaskRoutes(app);
  registerPatientDetailRoutes(app);
  registerPlaceRoutes(app);
  registerImageRoutes(app, store);
  done();
}
