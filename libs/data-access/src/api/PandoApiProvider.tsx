import { authEndpoints, teamsEndpoints } from '@pando/domain';
import {
  onlineManager,
  QueryClient,
  QueryClientProvider,
  type QueryKey,
} from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { browserNetworkStatus } from '../chat/environment';
import { ApiError } from '../http/errors';
import type { HttpClient } from '../http/createHttpClient';
import { HttpClientProvider } from './httpContext';
import { OfflineCopyContext } from '../offline/context';
import type { OfflineCopy } from '../offline/OfflineCopy';
import { persistQueries, restoreQueries } from '../offline/queries';
import { takeOfferedAnswers } from './firstAnswers';
import { authKeys } from './login';
import { teamKeys } from './teams';

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

/**
 * React Query's online state follows the browser's from the start (`navigator.onLine`, then the
 * `online`/`offline` events). By itself React Query assumes a network until an `offline` event,
 * so a page loaded in a dead zone fetched, failed and retried for about 7 s instead of pausing
 * its queries: the offline copy's answers then turned into errors and the screens' offline
 * branches (`fetchStatus === 'paused'`, issue 37) were never reached.
 */
function followBrowserOnline(): void {
  onlineManager.setEventListener((setOnline) => {
    const network = browserNetworkStatus();
    setOnline(network.isOnline());
    return network.subscribe(setOnline);
  });
}

/**
 * A first visit's answers from the chat list's first paint (`firstAnswers.ts`), where the app's
 * own queries read them: each only when the app's schema for it accepts it (otherwise the app
 * asks, as before), and never over a newer answer the cache holds already.
 */
function takeFirstAnswers(client: QueryClient): void {
  const answers = takeOfferedAnswers();
  if (!answers) return;
  const take = (
    key: QueryKey,
    schema: {
      safeParse: (value: unknown) => { success: true; data: unknown } | { success: false };
    },
    value: unknown,
  ) => {
    // An answer restored from the offline copy is older: the first paint's replaces it.
    const held = client.getQueryState(key);
    if (held?.data !== undefined && held.dataUpdatedAt >= answers.askedAt) return;
    const parsed = schema.safeParse(value);
    if (parsed.success) client.setQueryData(key, parsed.data, { updatedAt: answers.askedAt });
  };
  take(authKeys.currentUser(), authEndpoints.currentUser.responses[200], answers.currentUser);
  take(
    teamKeys.lists(),
    teamsEndpoints.teamsWithAdviceConversations.responses[200],
    answers.sidebarLists,
  );
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
    // Before the first render: its queries start as soon as they mount.
    followBrowserOnline();
    const made = queryClient ?? createPandoQueryClient();
    if (offline) restoreQueries(made, offline);
    takeFirstAnswers(made);
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
