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

/** Registers the service worker: production builds, in browsers that have service workers. */
export function registerServiceWorker(logger: Pick<HttpLogger, 'warn'>): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
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
    load()
      .then((live) => {
        setNotice(() => live.LiveUpdateNotice);
      })
      // Without its chunk (offline with no worker yet) there is no update to announce either.
      .catch(() => undefined);
  }, []);
  return Notice ? <Notice /> : null;
}
