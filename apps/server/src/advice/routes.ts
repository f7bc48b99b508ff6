import type { FastifyInstance } from 'fastify';
import { registerAdviceRequestRoutes } from './requestRoutes.js';
import { registerAdviceResolutionRoutes } from './resolutionRoutes.js';
import { registerTranscriptEmailRoutes } from './transcriptEmailRoutes.js';

export { adviceTeamNotActive } from './requestRoutes.js';

/** Advice conversations (spec 01 §4), under /api/v4. */
export default function adviceRoutes(
  app: FastifyInstance,
  _opts: unknown,
  done: (err?: Error) => void,
): void {
  registerAdviceRequestRoutes(app);
  registerAdviceResolutionRoutes(app);
  registerTranscriptEmailRoutes(app);
  done();
}
