import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { createMockBackend } from '../testing/mocks/backend';
import { createHandlers } from '../testing/mocks/handlers';
import { createScenarioContext, scenarios } from './scenarios';

const server = setupServer();
const origin = 'http://pando.contract.test';

beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' });
});
// Unhandled requests fail loudly (MSW 3 renamed onUnhandledRequest to onUnhandledFrame).
// A freshly seeded backend per scenario, as each real-server scenario gets a fresh database view.
beforeEach(() => {
  server.resetHandlers(...createHandlers(createMockBackend()));
});
afterAll(() => {
  server.close();
  console.info(`[contract] msw: ${scenarios.length} scenarios ran, 0 pending`);
});

describe('contract scenarios on the MSW backend', () => {
  for (const scenario of scenarios) {
    it(`[${scenario.area}] ${scenario.name}`, async () => {
      await scenario.run(
        createScenarioContext({
          name: 'msw',
          origin,
          fetch: (i, init) => globalThis.fetch(i, init),
        }),
      );
    });
  }
});
