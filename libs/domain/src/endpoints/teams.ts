import type { EndpointShape } from './endpoint';

/** The teams endpoints (issue 38: being moved here from hand-written routes, calls and handlers). */
export const teamsEndpoints = {} satisfies Record<string, EndpointShape>;
