import { createContext, useContext, useState, type ReactNode } from 'react';
import type { HttpClient } from '../http/createHttpClient';

interface PandoApiContextValue {
  http: HttpClient;
}

const PandoApiContext = createContext<PandoApiContextValue | null>(null);

export interface HttpClientProviderProps {
  /** The one HTTP client (`createHttpClient`). */
  http: HttpClient;
  children: ReactNode;
}

/**
 * The HTTP client alone, without React Query: enough for the login page's calls
 * (`useLoginRequests`), so a first load at /login does not download the query cache (issue 16).
 */
export function HttpClientProvider({ http, children }: HttpClientProviderProps) {
  const [value] = useState<PandoApiContextValue>(() => ({ http }));
  return (
    <PandoApiContext.Provider value={value.http === http ? value : { http }}>
      {children}
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
