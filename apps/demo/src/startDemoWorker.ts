import { clearAdminDemoData, createMockWorker } from '@pando/data-access/testing/browser';
import { DEMO_ACCOUNTS, DEMO_ORGS } from '@pando/domain/demo';
import type { DemoFlags } from './demoFlags';
import { mockOnly } from './unhandledFrame';

/**
 * Starts MSW in the browser over the stateful mock backend with the demo organisation
 * (CONVENTIONS.md "MSW trio": imported dynamically and awaited before the first render). With the
 * dummy admin data on, one member of staff has started a login in the app, so "Generate code"
 * shows a code for them (and the "start login first" state for everyone else).
 */
export async function startDemoWorker(flags: DemoFlags) {
  const { worker, backend } = createMockWorker({ seed: 'demo' });
  await worker.start({
    // Only the API is the mocks' alone: navigations (a reload, a deep link) and static files go
    // to the network, or every reload showed MSW's JSON error (unhandledFrame.ts).
    // Returning lets the request through; throwing answers it with a 500 naming it.
    onUnhandledFrame: ({ frame, defaults }) => {
      const request =
        frame.protocol === 'http' ? (frame.data as { request: Request }).request : null;
      if (request && !mockOnly(request.url, window.location.origin)) return;
      defaults.error();
      throw new Error(
        `The demo has no mock for ${request ? `${request.method} ${request.url}` : 'this connection'}.`,
      );
    },
    quiet: true,
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
  });
  if (flags.dummyAdminData) {
    const named = new Set<string>(Object.values(DEMO_ACCOUNTS));
    const waiting = backend.state.users.find(
      (u) =>
        !named.has(u.email) &&
        !u.blocked &&
        backend.hospital(u.hospital_id)?.name === DEMO_ORGS.stElsewhere,
    );
    if (waiting) backend.startLogin(waiting.email);
  } else clearAdminDemoData(backend);
  return backend;
}
