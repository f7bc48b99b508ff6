import {
  CHAT,
  getOfflineKey,
  IndexedDbRecordStore,
  OfflineCopy,
  QUERIES,
  type HttpClient,
  type HttpLogger,
} from '@pando/data-access';
import type { RuntimeConfig } from '@pando/domain';

/**
 * A change of the lists waits this long (and for an idle moment) before the list is rendered:
 * the rendering is for the next visit, and rendering a long list twice is a long task on a
 * phone, so it stays clear of the moments after the app opens, when the person starts to use it. A page left before then renders it on the way out only if the renderer is loaded;
 * otherwise the next visit paints with React, as before.
 */
const PAINT_DELAY_MS = 5000;

/**
 * Keeps the copy's rendered chat list (`paintSnapshot.tsx`, its own chunk: React's server
 * renderer) in step with the lists and the chat: rendered 5 s after they change, at an
 * idle moment (the chunk is loaded then too, not while the app starts), and at once when the
 * page is left with a change not yet rendered (once the chunk is there).
 */
function paintSnapshots(config: RuntimeConfig, copy: () => OfflineCopy): () => void {
  let renderPaint: typeof import('./paintSnapshot').renderPaint | undefined;
  let pending = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const render = () => {
    if (!pending || !renderPaint) return;
    pending = false;
    renderPaint(copy(), config);
  };
  const loadAndRender = () => {
    if (renderPaint) render();
    else
      import('./paintSnapshot')
        .then((m) => {
          renderPaint = m.renderPaint;
          render();
        })
        .catch(() => undefined);
  };
  window.addEventListener('pagehide', () => {
    if (!pending || !renderPaint) return;
    render();
    void copy().flush();
  });
  return () => {
    pending = true;
    timer ??= setTimeout(() => {
      timer = undefined;
      // Safari has no idle callback: there, at once.
      if (typeof window.requestIdleCallback === 'function')
        window.requestIdleCallback(loadAndRender, { timeout: PAINT_DELAY_MS });
      else loadAndRender();
    }, PAINT_DELAY_MS);
  };
}

/**
 * The web app's offline copy (issue 37): IndexedDB records, the session's key from the server,
 * kept for the tab's life in sessionStorage, and the chat list kept rendered for the next visit's
 * first paint. Its own chunk, loaded with the signed-in app.
 */
export function webOfflineCopy(
  http: HttpClient,
  logger: HttpLogger,
  config: RuntimeConfig,
): OfflineCopy {
  const changed = paintSnapshots(config, () => copy);
  const copy: OfflineCopy = new OfflineCopy({
    fetchKey: () => getOfflineKey(http),
    records: new IndexedDbRecordStore(),
    keyStorage: window.sessionStorage,
    logger,
    onWrite: (name) => {
      if (name === QUERIES || name === CHAT) changed();
    },
  });
  return copy;
}
