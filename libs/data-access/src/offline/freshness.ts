import { copyFreshness } from '@pando/domain';
import { useSyncExternalStore } from 'react';

// A module constant: answers fetched before this page started came from the offline copy.
const pageStartedAt = Date.now();

const subscribeOnline = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/** `navigator.onLine`, live. */
function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * The freshness line of a list (issue 37, `copyFreshness`) from its query's state: pass the
 * query result (its `isFetching`, `dataUpdatedAt`: 0 when it has no data, and `isRefetchError`:
 * the answer held is shown although its refresh failed).
 */
export function useCopyFreshness(query: {
  isFetching: boolean;
  dataUpdatedAt: number;
  isRefetchError: boolean;
}) {
  const online = useOnline();
  return copyFreshness({
    online,
    fetching: query.isFetching,
    updatedAt: query.dataUpdatedAt,
    pageStartedAt,
    refreshFailed: query.isRefetchError,
  });
}
