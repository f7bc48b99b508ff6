import type { EndpointShape } from './endpoint';

/** The system endpoints (issue 38: being moved here from hand-written routes, calls and handlers). */
export const systemEndpoints = {} satisfies Record<string, EndpointShape>;
