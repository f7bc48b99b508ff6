// `@pando/server/testing`: the server's test support for the tests of other projects (e2e, and
// the client tests, which run on the embedded server).
export { embeddedApi } from '../embedded/mswBridge.js';
export { EMBEDDED_ORIGIN, startEmbeddedTestServer } from './embeddedTestServer.js';
export type { EmbeddedTestServer } from './embeddedTestServer.js';
export { clearAdminDemoData, seedDummyNetworks } from '../seed/index.js';
