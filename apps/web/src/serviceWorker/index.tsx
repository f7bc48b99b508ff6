import { useEffect, useState, type ComponentType } from 'react';
import type { HttpLogger } from '@pando/data-access';

/**
 * The installable app's worker and its "new version" notice (issue 37; apps/web README
 * "Installable app (PWA)"). What is here is all the login route carries: the update flow, the
 * notice's component and the registration are one chunk loaded after the first render (the
 * login route's JavaScript budget, same README).
 */
let chunk: Promise<typeof import('./liveUpdates')> | undefined;
const load = () => (chunk ??= import('./liveUpdates'));

/**
 * Runs `run` after the page's `load` event, once the main thread is idle: the worker's install
 * downloads and caches the whole build, which must not compete with the first screen (Workbox's
 * own advice: register after `load`). At most 5 s after `load` on a page that is never idle.
 */
function afterLoad(run: () => void): void {
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(run, { timeout: 5000 });
    else setTimeout(run, 0);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

/**
 * Registers the service worker (production builds, in browsers that have service workers) once
 * the first screen is up.
 */
export function registerServiceWorker(logger: Pick<HttpLogger, 'warn'>): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  afterLoad(() => {
    register(logger);
  });
}

function register(logger: Pick<HttpLogger, 'warn'>): void {
  load()
    .then((live) => {
      live.register(logger);
    })
    .catch((error: unknown) => {
      logger.warn('The service worker could not be registered', { error: String(error) });
    });
}

/** Where the notice renders, beside the app; nothing until its chunk is in. */
export function UpdateNotice() {
  const [Notice, setNotice] = useState<ComponentType | null>(null);
  useEffect(() => {
    // No worker, no update to announce: its code loads when the worker registers (afterLoad).
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    afterLoad(() => {
      load()
        .then((live) => {
          setNotice(() => live.LiveUpdateNotice);
        })
        // Without its chunk (offline with no worker yet) there is no update to announce either.
        .catch(() => undefined);
    });
  }, []);
  return Notice ? <Notice /> : null;
}
