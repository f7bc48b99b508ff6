import { createMockWorker } from '@pando/data-access/testing/browser';

/**
 * Starts MSW in the browser over the stateful mock backend with the demo organisation
 * (CONVENTIONS.md "MSW trio": imported dynamically and awaited before the first render).
 */
export async function startDemoWorker() {
  const { worker, backend } = createMockWorker({ seed: 'demo' });
  await worker.start({ onUnhandledFrame: 'error', quiet: true });
  return backend;
}
