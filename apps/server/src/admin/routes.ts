import type { FastifyInstance } from 'fastify';
import { registerDataExportRoutes } from './dataExportRoutes.js';
import { registerInviteRoutes } from './inviteRoutes.js';
import { registerNetworkRoutes } from './networkRoutes.js';
import { registerOrganisationRoutes } from './organisationRoutes.js';
import { registerTeamRoutes } from './teamRoutes.js';
import { registerUserRoutes } from './userRoutes.js';

/**
 * The admin console's API (spec 02 §7 "Admin (API v4)", issue 20), under /api/v4. Who may call
 * what is route config (src/admin/access.ts): an admin acts within their organisation, network
 * or (product admin) everything; `?organisation=` / `?network=` narrow that, never widen it.
 * Each resource has its module (issue 38), registered here in the order the API lists them.
 */
export default function adminRoutes(
  app: FastifyInstance,
  _opts: unknown,
  done: (err?: Error) => void,
): void {
  registerUserRoutes(app);
  registerInviteRoutes(app);
  registerNetworkRoutes(app);
  registerOrganisationRoutes(app);
  registerDataExportRoutes(app);
  registerTeamRoutes(app);
  done();
}
