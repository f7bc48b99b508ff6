import { setupServer } from 'msw/node';
import { createMockBackend, type MockBackend, type MockBackendOptions } from './backend';
import { createHandlers } from './handlers';

/** An MSW node server over a fresh stateful backend (tests, the contract suite). */
export function createMockServer(options: MockBackendOptions = {}) {
  const backend: MockBackend = createMockBackend(options);
  const server = setupServer(...createHandlers(backend));
  return { server, backend };
}
