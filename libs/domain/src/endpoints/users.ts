import type { EndpointShape } from './endpoint';

/** The users endpoints (issue 38: being moved here from hand-written routes, calls and handlers). */
export const usersEndpoints = {} satisfies Record<string, EndpointShape>;
