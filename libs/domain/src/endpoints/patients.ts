import type { EndpointShape } from './endpoint';

/** The patients endpoints (issue 38: being moved here from hand-written routes, calls and handlers). */
export const patientsEndpoints = {} satisfies Record<string, EndpointShape>;
