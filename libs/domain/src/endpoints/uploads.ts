import type { EndpointShape } from './endpoint';

/** The uploads endpoints (issue 38: being moved here from hand-written routes, calls and handlers). */
export const uploadsEndpoints = {} satisfies Record<string, EndpointShape>;
