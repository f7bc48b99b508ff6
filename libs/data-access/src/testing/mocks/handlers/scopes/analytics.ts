import type { MockScopes } from './types';

/** The analytics rules of the mock backend (issue 38: filled as the area's endpoints are declared). */
export const analyticsMockScopes: MockScopes = {};
