import type { MockScopes } from './types';

/** The teams rules of the mock backend (issue 38: filled as the area's endpoints are declared). */
export const teamsMockScopes: MockScopes = {};
