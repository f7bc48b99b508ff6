// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { reportWindow } from '@pando/domain';
import { DEMO_ACCOUNTS } from '@pando/domain/demo';
import {
  clearAdminDemoData,
  embeddedApi,
  type EmbeddedTestServer,
  seedDummyNetworks,
  startEmbeddedTestServer,
} from '@pando/server/testing';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/** waitFor's 1 s default is short for 15 parallel answers on a loaded machine. */
const SLOW = { timeout: 10_000 };
import { createHttpClient } from '../http/createHttpClient';
import { PandoApiProvider } from './PandoApiProvider';
import {
  adminRows,
  useAdminNetworksInfiniteQuery,
  useAdminUsersInfiniteQuery,
  useInvitesInfiniteQuery,
  useSendInviteMutation,
} from './admin';
import { useAnalyticsReport } from './analytics';

/*
 * The admin hooks on the real server, embedded (no socket; the seed put back before each test):
 * paging, invalidation after a write, the report's parallel figures, and the demo's network list.
 */

const ORIGIN = 'http://pando.test';
const server = setupServer();
let embedded: EmbeddedTestServer;

beforeAll(async () => {
  server.listen({ onUnhandledFrame: 'error' });
  embedded = await startEmbeddedTestServer(ORIGIN);
}, 120_000);
afterAll(async () => {
  server.close();
  await embedded.close();
});

/** The hooks' providers, the client's calls carrying `cookie` (a session of either backend). */
function withSession(cookie: string) {
  const http = createHttpClient({
    baseUrl: `${ORIGIN}/api/v4`,
    clientVersion: '1',
    clientBuild: 't',
    notify: vi.fn(),
    navigateToLogin: vi.fn(),
    logger: { info: vi.fn(), warn: vi.fn(), error: vi.fn(), event: vi.fn() },
    fetch: (input, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set('Cookie', cookie);
      return globalThis.fetch(input, { ...init, headers });
    },
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return ({ children }: { children: ReactNode }) => (
    <PandoApiProvider http={http} queryClient={queryClient}>
      {children}
    </PandoApiProvider>
  );
}

/** Signed in on the embedded server. */
async function signedIn(email: string) {
  return withSession((await embedded.login(email)).cookie);
}

describe('admin hooks', () => {
  beforeEach(async () => {
    await embedded.reset();
    server.resetHandlers(embeddedApi(embedded, embedded.origin));
  });

  it('loads the users table 10 rows a page, by last name, until every row is in', async () => {
    const wrapper = await signedIn(DEMO_ACCOUNTS.networkAdmin);
    const { result } = renderHook(() => useAdminUsersInfiniteQuery({}), { wrapper });
    await waitFor(() => {
      expect(result.current.data?.pages).toHaveLength(1);
    }, SLOW);
    const total = result.current.data?.pages[0]?.totalResults ?? 0;
    expect(total).toBeGreaterThan(20);
    expect(adminRows(result.current.data)).toHaveLength(10);
    while (result.current.hasNextPage) {
      await act(() => result.current.fetchNextPage());
    }
    const rows = adminRows(result.current.data);
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((r) => r.id)).size).toBe(total);
    const names = rows.map((r) => r.last_name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it('an invitation sent shows in the invitations table at once (newest first); a repeat resolves as a 409 outcome', async () => {
    const wrapper = await signedIn(DEMO_ACCOUNTS.networkAdmin);
    const { result } = renderHook(
      () => ({ list: useInvitesInfiniteQuery({}), send: useSendInviteMutation() }),
      { wrapper },
    );
    await waitFor(() => {
      expect(result.current.list.isSuccess).toBe(true);
    }, SLOW);
    const before = adminRows(result.current.list.data).length;
    let outcome = await act(() => result.current.send.mutateAsync('new.colleague@example.org'));
    expect(outcome).toEqual({ kind: 'sent' });
    await waitFor(() => {
      expect(adminRows(result.current.list.data)[0]?.email).toBe('new.colleague@example.org');
    }, SLOW);
    expect(adminRows(result.current.list.data)).toHaveLength(before + 1);
    outcome = await act(() => result.current.send.mutateAsync('new.colleague@example.org'));
    expect(outcome).toMatchObject({ kind: 'failed', statusCode: 409 });
  });

  it('the report asks the 15 figures in parallel; an organisation admin asking for the network is forbidden', async () => {
    const window = reportWindow(new Date());
    const network = await embedded.app.db.query<{ id: number }>(
      'select id from networks order by id limit 1',
    );
    const scope = { kind: 'network', id: String(network.rows[0]?.id) } as const;
    const net = renderHook(() => useAnalyticsReport(scope, window), {
      wrapper: await signedIn(DEMO_ACCOUNTS.networkAdmin),
    });
    await waitFor(() => {
      expect(net.result.current.isLoading).toBe(false);
    }, SLOW);
    expect(Object.keys(net.result.current.figures)).toHaveLength(15);
    expect(net.result.current.figures.activeUsersDaily?.results).toHaveLength(30);
    expect(net.result.current.figures.messagesCount?.count).toBeGreaterThan(0);
    expect(net.result.current.forbidden).toBe(false);

    const org = renderHook(() => useAnalyticsReport(scope, window, { metrics: ['teamsCount'] }), {
      wrapper: await signedIn(DEMO_ACCOUNTS.orgAdmin),
    });
    await waitFor(() => {
      expect(org.result.current.forbidden).toBe(true);
    }, SLOW);
    expect(org.result.current.figures).toEqual({});
  });
});

describe("the demo's network list (spec 02 §9: page size 10, totalResults 15)", () => {
  beforeEach(async () => {
    await embedded.reset();
    server.resetHandlers(embeddedApi(embedded, embedded.origin));
  });

  it('pando.admin pages through 15 networks, the dataset’s two first; without the dummy admin data only those two', async () => {
    // What the demo's seeded database has (startServerInPage; the tests' seed has the two only).
    await seedDummyNetworks(embedded.app.db, new Date());
    const { result } = renderHook(() => useAdminNetworksInfiniteQuery({}), {
      wrapper: await signedIn(DEMO_ACCOUNTS.pandoAdmin),
    });
    await waitFor(() => {
      expect(result.current.data?.pages).toHaveLength(1);
    }, SLOW);
    const first = result.current.data?.pages[0];
    expect(first?.totalResults).toBe(15);
    expect(first?.results.map((n) => n.name).slice(0, 2)).toEqual([
      'Demo Health Network',
      'Northgate Network',
    ]);
    expect(first?.results).toHaveLength(10);
    await act(async () => {
      await result.current.fetchNextPage();
    });
    await waitFor(() => {
      expect(result.current.data?.pages[1]?.results).toHaveLength(5);
    }, SLOW);
    expect(result.current.hasNextPage).toBe(false);

    await clearAdminDemoData(embedded.app.db);
    const { result: bare } = renderHook(() => useAdminNetworksInfiniteQuery({}), {
      wrapper: await signedIn(DEMO_ACCOUNTS.pandoAdmin),
    });
    await waitFor(() => {
      expect(bare.current.data?.pages[0]?.totalResults).toBe(2);
    }, SLOW);
  });
});
