import type { FastifyInstance } from 'fastify';
import { registerLoginCodeRequestRoutes } from './loginCodeRequestRoutes.js';
import { registerLoginCodeValidateRoutes } from './loginCodeValidateRoutes.js';
import { registerSessionRoutes } from './sessionRoutes.js';

/** Login, the chat password, the current user and logout (spec 01 §7), under /api/v4. */
export default function authRoutes(
  app: FastifyInstance,
  _opts: unknown,
  done: (err?: Error) => void,
): void {
  registerLoginCodeRequestRoutes(app);
  registerLoginCodeValidateRoutes(app);
  registerSessionRoutes(app);
  done();
}
