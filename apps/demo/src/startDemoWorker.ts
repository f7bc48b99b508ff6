/**
 * Starts MSW in the browser. The stateful mock backend (`@pando/data-access/testing`) plugs in
 * here once it exposes its browser worker; until then the demo runs with no handlers and every
 * request is reported loudly.
 */
export async function startDemoWorker(): Promise<void> {
  const { setupWorker } = await import('msw/browser');
  const worker = setupWorker();
  await worker.start({ onUnhandledFrame: 'error', quiet: true });
}
