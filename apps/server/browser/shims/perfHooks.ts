// node:perf_hooks for the in-page server: Fastify's logger times requests with
// `performance.now()`, which the page has.
export const performance = globalThis.performance;

export default { performance };
