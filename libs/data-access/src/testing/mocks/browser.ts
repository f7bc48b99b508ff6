import { setupWorker } from 'msw/browser';
import { createMockBackend, type MockBackend, type MockBackendOptions } from './backend';
import { createHandlers } from './handlers';

/**
 * An MSW service worker over a fresh backend, for the demo app and Storybook. Import this module
 * dynamically and `await worker.start({ onUnhandledFrame: 'error' })` before rendering.
 */
export function createMockWorker(options: MockBackendOptions = {}) {
  const backend: MockBackend = createMockBackend(options);
  const worker = setupWorker(...createHandlers(backend));
  return { worker, backend };
}

export { clearAdminDemoData } from './adminStore';

// The chat fakes have no Node dependency (unlike the vitest harness beside them, which is not
// re-exported), so stories and the demo can run a chat against them in the browser.
export { FakeChatNetwork, FakeTransport, MemoryOutboxStorage } from '../../chat/testing';
