import type { ScopeName } from '@pando/domain';
import { adminMockScopes } from './scopes/admin';
import { analyticsMockScopes } from './scopes/analytics';
import { formsMockScopes } from './scopes/forms';
import { patientsMockScopes } from './scopes/patients';
import { teamsMockScopes } from './scopes/teams';
import { usersMockScopes } from './scopes/users';
import { uploadsMockScopes } from './scopes/uploads';
import type { MockScopeRule } from './scopes/types';

export type { MockLoaded } from './scopes/types';

/**
 * The mock backend's access rules, keyed by the domain's scope names (SCOPE_NAMES) as the
 * server's SCOPES (apps/server/src/authz/access.ts): the same name means the same people on both
 * backends. A declared handler (endpoint.ts `handle`) runs the rule its declaration names before
 * its resolver. Refusals as the server's: a resource the caller may not see is 404, one they see
 * but may not change 403. Each area keeps its rules in scopes/<area>.ts; areas whose endpoints are
 * not declared yet still check inside their resolvers.
 */
export const MOCK_SCOPES: Partial<Record<ScopeName, MockScopeRule>> = {
  ...adminMockScopes,
  ...analyticsMockScopes,
  ...formsMockScopes,
  ...patientsMockScopes,
  ...teamsMockScopes,
  ...usersMockScopes,
  ...uploadsMockScopes,
};
