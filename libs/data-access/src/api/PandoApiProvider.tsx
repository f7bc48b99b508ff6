import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { ApiError } from '../http/errors';
import type { HttpClient } from '../http/createHttpClient';
import { HttpClientProvider } from './httpContext';
import { OfflineCopyContext } from '../offline/context';
import type { OfflineCopy } from '../offline/OfflineCopy';
import { persistQueries, restoreQueries } from '../offline/queries';

// The HTTP client's context is its own module: the login page uses it without React Query.
export { HttpClientProvider, useHttpClient } from './httpContext';

/**
 * A QueryClient with the product's defaults. 4xx answers are not retried (asking again will not
 * make a 403 or 404 succeed, and a 401 has already sent the user to login); other failures get
 * the library's default of 3 retries with backoff.
 */
function createPandoQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) &&
          failureCount < 3,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
}

export interface PandoApiProviderProps {
  /** The one HTTP client (`createHttpClient`). */
  http: HttpClient;
  /** A QueryClient to share (tests, Storybook); by default one is made with `createPandoQueryClient`. */
  queryClient?: QueryClient;
  /**
   * The encrypted offline copy (issue 37, the web app only), opened before this mounts: its
   * answers fill the cache before the first render, and the cache's kept answers go back to it.
   */
  offline?: OfflineCopy | undefined;
  children: ReactNode;
}

/** Gives every data-access hook below it the HTTP client and a React Query cache. */
export function PandoApiProvider({ http, queryClient, offline, children }: PandoApiProviderProps) {
  const [client] = useState(() => {
    const made = queryClient ?? createPandoQueryClient();
    if (offline) restoreQueries(made, offline);
    return made;
  });
  useEffect(() => (offline ? persistQueries(client, offline) : undefined), [client, offline]);
  return (
    <HttpClientProvider http={http}>
      <OfflineCopyContext.Provider value={offline}>
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </OfflineCopyContext.Provider>
    </HttpClientProvider>
  );
}
