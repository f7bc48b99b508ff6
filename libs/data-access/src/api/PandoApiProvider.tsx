import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { ApiError } from '../http/errors';
import type { HttpClient } from '../http/createHttpClient';

interface PandoApiContextValue {
  http: HttpClient;
}

const PandoApiContext = createContext<PandoApiContextValue | null>(null);

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
  children: ReactNode;
}

/** Gives every data-access hook below it the HTTP client and a React Query cache. */
export function PandoApiProvider({ http, queryClient, children }: PandoApiProviderProps) {
  const [client] = useState(() => queryClient ?? createPandoQueryClient());
  const [value] = useState<PandoApiContextValue>(() => ({ http }));
  return (
    <PandoApiContext.Provider value={value.http === http ? value : { http }}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </PandoApiContext.Provider>
  );
}

/** The HTTP client of the nearest `PandoApiProvider`; throws a clear error outside one. */
export function useHttpClient(): HttpClient {
  const value = useContext(PandoApiContext);
  if (!value) {
    throw new Error(
      'Pando data-access hooks must be used inside <PandoApiProvider http={createHttpClient(…)}>.',
    );
  }
  return value.http;
}
