import type { EndpointShape } from './endpoint';

/** The forms endpoints (issue 38: being moved here from hand-written routes, calls and handlers). */
export const formsEndpoints = {} satisfies Record<string, EndpointShape>;
