import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PandoMantineProvider } from '@pando/ui';
import { DemoApp } from './DemoApp';
import { readDemoFlags } from './demoFlags';
import { chooseDemoViewer, demoViewerEmail } from './demoViewer';

/**
 * Demo mode starts the server in the page and MSW's worker in front of it first (CONVENTIONS.md
 * "MSW trio": import it dynamically and await `worker.start()` before rendering), so the first
 * request is already answered. That takes a few seconds (PGlite loading the seeded database):
 * index.html's "Starting the demo…" stays in #root until the app replaces it, and a failure is
 * written there instead of leaving a blank page (e2e demo-navigation.spec).
 */
async function boot(container: HTMLElement) {
  const flags = readDemoFlags(import.meta.env);
  const viewer = chooseDemoViewer(flags, window.location.search, window.sessionStorage);
  // As the app does with its chunks (libs/features preloadable): one retry covers a dropped
  // connection (conference Wi-Fi); a chunk that fails twice is reported below, with a reload.
  const { startDemoWorker } = await import('./startDemoWorker').catch(
    () => import('./startDemoWorker'),
  );
  const server = await startDemoWorker(flags);
  const session = await server.login(demoViewerEmail(viewer));
  createRoot(container).render(
    <StrictMode>
      <PandoMantineProvider>
        <DemoApp
          session={session}
          chatDirectory={() => server.chatDirectory()}
          flags={flags}
          viewer={viewer}
        />
      </PandoMantineProvider>
    </StrictMode>,
  );
}

function showBootError(container: HTMLElement, err: unknown) {
  console.error('[demo] did not start', err);
  const message = document.createElement('p');
  message.setAttribute('role', 'alert');
  const reason = (err instanceof Error ? err.message : String(err)).replace(/\.$/, '');
  message.textContent = `The demo did not start: ${reason}. Reload the page to try again.`;
  container.replaceChildren(message);
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
// Some failures never reach boot's promise: PGlite's wasm refused by the host (a wrong MIME type)
// rejects inside Emscripten and leaves `PGlite.create` pending for ever. Until the app renders,
// any uncaught error is the boot's.
const onError = (event: ErrorEvent) => {
  showBootError(container, event.error ?? event.message);
};
const onRejection = (event: PromiseRejectionEvent) => {
  showBootError(container, event.reason);
};
window.addEventListener('error', onError);
window.addEventListener('unhandledrejection', onRejection);
boot(container)
  .catch((err: unknown) => {
    showBootError(container, err);
  })
  .finally(() => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  });
