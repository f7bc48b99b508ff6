import type { EndpointShape } from './endpoint';

/** The analytics endpoints (issue 38: being moved here from hand-written routes, calls and handlers). */
export const analyticsEndpoints = {} satisfies Record<string, EndpointShape>;
