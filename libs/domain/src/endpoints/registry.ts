import { adminEndpoints } from './admin';
import { analyticsEndpoints } from './analytics';
import { auditEndpoints } from './audit';
import { formsEndpoints } from './forms';
import { patientsEndpoints } from './patients';
import { teamsEndpoints } from './teams';
import { usersEndpoints } from './users';
import { authEndpoints } from './auth';
import { uploadsEndpoints } from './uploads';
import { systemEndpoints } from './system';
import type { EndpointShape } from './endpoint';

/**
 * Every declared endpoint, by area (issue 38: one file per area). The server's coverage test
 * reads it (apps/server src/http/routeShape.test.ts): a route for each.
 */
export const ENDPOINT_GROUPS = {
  admin: adminEndpoints,
  analytics: analyticsEndpoints,
  audit: auditEndpoints,
  forms: formsEndpoints,
  patients: patientsEndpoints,
  teams: teamsEndpoints,
  users: usersEndpoints,
  auth: authEndpoints,
  uploads: uploadsEndpoints,
  system: systemEndpoints,
} satisfies Record<string, Record<string, EndpointShape>>;

export function allEndpoints(): EndpointShape[] {
  // Widened once: the groups' literal types are too deep for the checker to carry through.
  const groups: Record<string, Record<string, EndpointShape>> = ENDPOINT_GROUPS;
  return Object.values(groups).flatMap((group): EndpointShape[] => Object.values(group));
}
