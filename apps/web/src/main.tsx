// First: it asks for the first paint's chunk before the rest of the entry runs.
import { firstPaintChunk } from './bootStart';
import { startTransition, StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { isLoginPath, preloadChatWiring, preloadSignedIn } from '@pando/features';
import { PandoMantineProvider, SessionPlaceholder } from '@pando/ui';
import { loadRuntimeConfig } from './config';
import { createLogger } from './logger';
import { registerServiceWorker, UpdateNotice } from './serviceWorker';
import { createWebApp, loadWebChat } from './webApp';

/**
 * After the first paint: the main thread's next idle moment, plus `FIRST_PAINT_ALONE_MS` in which
 * the list alone answers a click (the app's scripts then run for a few hundred milliseconds, and
 * a click would wait for them). A row chosen meanwhile starts the app at once. Decision (sessions
 * 24 and 28, issue 37): the app arrives that much later when nothing is chosen; the list it shows
 * meanwhile is the same. Session 28 raised it from 250 ms: at 4× CPU a person's first click, about
 * half a second after the list showed, met the app's start and waited for it (bench/RESULTS.md).
 */
const FIRST_PAINT_ALONE_MS = 1000;
function afterFirstPaint(go: () => void): void {
  const later = () => window.setTimeout(go, FIRST_PAINT_ALONE_MS);
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(later, { timeout: 1000 });
  else later();
}

/**
 * Behind a first paint, each step of the app's start is a task of its own at background priority
 * (`scheduler.postTask`; a plain task where there is none): what the page owes the person first
 * (a press on the list, the frame that shows it, a network answer) runs before the next step
 * instead of waiting for the whole start. Session 38 (issue 37, bench/RESULTS.md): after a row
 * was chosen the start ran as one task (38–62 ms at 1× CPU in the chat-list bench's traces) in
 * which the page answered nothing else; given way, the conversation opened no later.
 */
const givingWay = () =>
  new Promise<void>((go) => {
    if ('scheduler' in window) void scheduler.postTask(go, { priority: 'background' });
    else setTimeout(go);
  });

async function boot() {
  const pageStartedAt = Date.now();
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element.');
  const root = createRoot(container);
  const logger = createLogger();
  const config = loadRuntimeConfig();
  // The session gate, the shell and the chat client are code-split off the login route (issue 10).
  const signedInPage = !isLoginPath(window.location.pathname);
  // Issue 37: at `/`, the chat list is painted first (boot/: from the offline copy on a returning
  // visit, from the network on a first), then the app loads behind it. Its work waits for that
  // paint: both want the one main thread, and the list is what the person came for. Without a
  // session, or after 1 s, nothing is painted and the app opens as before.
  // bootStart.ts asked for it at `/` only (never a login path).
  const boot = await firstPaintChunk;
  // The app starts once the list has had the main thread for a moment, or at once when a row
  // is chosen (it opens there), on React's first paint or on the static one.
  let chosen = () => {};
  const appMayStart = new Promise<void>((resolve) => {
    chosen = resolve;
  });
  const firstPaint = boot?.loadFirstPaint(config, pageStartedAt, chosen);
  const view = await firstPaint?.view;
  // On a returning visit the copy usually holds the list already rendered: it is on screen now,
  // without React, and React's first paint comes with the app (FirstPaintGate takes over).
  const painted = await firstPaint?.painted;
  if (view) afterFirstPaint(chosen);
  else chosen();
  const page = (productName: string, app?: ReactNode) => (
    <StrictMode>
      <PandoMantineProvider>
        <UpdateNotice />
        {firstPaint ? (
          <firstPaint.Gate view={view} productName={productName} onChoose={chosen}>
            {app}
          </firstPaint.Gate>
        ) : (
          app
        )}
      </PandoMantineProvider>
    </StrictMode>
  );
  if (view && !painted) root.render(page((await config).product_name));
  await appMayStart;
  const step = view ? givingWay : () => Promise.resolve();
  // Behind the login, fetch the signed-in code while the configuration loads, not after it.
  for (const load of signedInPage ? [preloadSignedIn, preloadChatWiring, loadWebChat] : []) {
    await step();
    load().catch(() => undefined);
  }
  try {
    const loaded = await config;
    document.title = loaded.product_name;
    const app = createWebApp(loaded, logger);
    // The shell renders inside the chat: have it ready by the time the session is known.
    if (signedInPage) app.preloadChat().catch(() => undefined);
    await step();
    const render = () => {
      root.render(page(loaded.product_name, <app.Root />));
    };
    // Behind a first paint, the app renders in slices (a transition): a row clicked meanwhile is
    // answered at once, not after the app's first render.
    if (view) startTransition(render);
    else render();
  } catch (error) {
    logger.error('The runtime configuration could not be loaded', { error: String(error) });
    root.render(
      <PandoMantineProvider>
        <SessionPlaceholder
          onRetry={() => {
            window.location.reload();
          }}
        />
      </PandoMantineProvider>,
    );
  }
  registerServiceWorker(logger);
}

void boot();
