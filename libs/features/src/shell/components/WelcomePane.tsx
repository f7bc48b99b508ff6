import { useEffect } from 'react';
import { WelcomeEmptyState } from '@pando/ui';
import { useViewer } from '../../common/viewer';
import { useAppServices } from '../../common/AppServices';

/**
 * The chat layout's pane at `/` (no conversation chosen): the welcome text of spec 01 §2, what
 * `ChatPane` shows for an empty path, without the chat pane's code (issue 16). That code (the
 * timeline, the composer, forms, files: the largest chunk on the way to the chat list) loads once
 * the list is on screen and the main thread is idle (`requestIdleCallback`, at most 2 s later; a
 * short timeout where the browser has none), so a row opens without a spinner in practice.
 */
export function WelcomePane({ preloadPane }: { preloadPane: () => Promise<unknown> }) {
  const viewer = useViewer();
  const { productName } = useAppServices();
  useEffect(() => {
    const preload = () => {
      preloadPane().catch(() => undefined); // the pane's own render reports a failure
    };
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(preload, { timeout: 2000 });
      return () => {
        window.cancelIdleCallback(handle);
      };
    }
    const handle = window.setTimeout(preload, 200);
    return () => {
      window.clearTimeout(handle);
    };
  }, [preloadPane]);
  return <WelcomeEmptyState firstName={viewer.first_name} productName={productName} />;
}
