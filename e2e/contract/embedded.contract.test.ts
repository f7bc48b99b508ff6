import { createScenarioContext, PENDING_ON_SERVER, scenarios } from '@pando/data-access/testing';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import * as embedded from '@pando/server/testing';

// The same scenarios as on the listening server, through the embedded server (no socket: each
// request answered by `inject`), the seed put back before each one (issue 38: what the stories,
// the client tests and the demo run on).
let server: embedded.EmbeddedTestServer;

beforeAll(async () => {
  server = await embedded.startEmbeddedTestServer();
}, 120_000);
beforeEach(async () => {
  await server.reset();
});
afterAll(async () => {
  await server.close();
});

describe('contract scenarios on the embedded server (inject, reset between scenarios)', () => {
  for (const scenario of scenarios.filter((s) => !PENDING_ON_SERVER.has(s.area))) {
    it(`[${scenario.area}] ${scenario.name}`, async () => {
      await scenario.run(
        createScenarioContext({
          name: 'embedded',
          origin: embedded.EMBEDDED_ORIGIN,
          fetch: (input, init) => server.fetch(new Request(input, init)),
        }),
      );
    });
  }
});
