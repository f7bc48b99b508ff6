import type { EndpointShape } from './endpoint';

/** The audit endpoints (issue 38: being moved here from hand-written routes, calls and handlers). */
export const auditEndpoints = {} satisfies Record<string, EndpointShape>;
