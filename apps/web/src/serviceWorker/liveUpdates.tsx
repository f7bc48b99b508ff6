import { useSyncExternalStore } from 'react';
import type { HttpLogger } from '@pando/data-access';
import { UpdateAvailable } from '@pando/ui';
import { ServiceWorkerUpdates } from './ServiceWorkerUpdates';

// The chunk behind ./index.tsx: the update flow, its notice and vite-plugin-pwa's registration.

/** The page's one update flow. */
const updates = new ServiceWorkerUpdates();

/** Registers /sw.js; workbox-window, which registerSW imports in turn, is a chunk of its own. */
export function register(logger: Pick<HttpLogger, 'warn'>): void {
  const warn = (error: unknown) => {
    logger.warn('The service worker could not be registered', { error: String(error) });
  };
  import('virtual:pwa-register')
    .then(({ registerSW }) => {
      updates.register(registerSW, warn);
    })
    .catch(warn);
}

/** "A new version is available" with Reload, while a new version of the app waits. */
export function LiveUpdateNotice() {
  const open = useSyncExternalStore(updates.subscribe, updates.getSnapshot, updates.getSnapshot);
  return <UpdateAvailable open={open} onReload={updates.reload} onDismiss={updates.dismiss} />;
}
