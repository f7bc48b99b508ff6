import type { MockScopes } from './types';

/** The uploads rules of the mock backend (issue 38: filled as the area's endpoints are declared). */
export const uploadsMockScopes: MockScopes = {};
