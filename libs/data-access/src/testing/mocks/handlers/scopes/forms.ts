import type { MockScopes } from './types';

/** The forms rules of the mock backend (issue 38: filled as the area's endpoints are declared). */
export const formsMockScopes: MockScopes = {};
