import type { EndpointShape } from './endpoint';

/** The auth endpoints (issue 38: being moved here from hand-written routes, calls and handlers). */
export const authEndpoints = {} satisfies Record<string, EndpointShape>;
