import { textsWith, type PatientCard, type Team } from '@pando/domain';
// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient } from '../http/createHttpClient';
import { PandoApiProvider, useHttpClient } from './PandoApiProvider';
import { useAdviceHistoryInfiniteQuery } from './advice';
import { useCurrentUserQuery } from './auth';
import { offerFirstAnswers } from './firstAnswers';
import { patientCardKeys, useReassignPatientCardMutation } from './patientCards';
import { useSearchInfiniteQuery } from './search';
import {
  teamKeys,
  useAddTeamMembersMutation,
  useLeaveTeamMutation,
  usePrefetchTeamsWithAdviceConversations,
  useTeamsWithAdviceConversationsQuery,
} from './teams';
import { useUserStatusesQuery } from './users';

type Route = (
  url: URL,
  init: RequestInit,
) => { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;

function harness(route: Route) {
  const calls: { url: URL; init: RequestInit }[] = [];
  const fetchMock = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
    );
    calls.push({ url, init });
    const { status, body } = await route(url, init);
    return new Response(body === undefined ? null : JSON.stringify(body), { status });
  };
  const http = createHttpClient({
    baseUrl: 'http://pando.test/api/v4',
    clientVersion: '1',
    clientBuild: 't',
    notify: vi.fn(),
    navigateToLogin: vi.fn(),
    logger: { info: vi.fn(), warn: vi.fn(), error: vi.fn(), event: vi.fn() },
    fetch: fetchMock,
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <PandoApiProvider http={http} queryClient={queryClient}>
      {children}
    </PandoApiProvider>
  );
  return { calls, queryClient, wrapper };
}

const now = '2026-01-01T09:00:00.000Z';

/** A team as the server answers it, for the tests below. */
const ward7Team: Team = {
  id: 5,
  name: 'Ward 7 Team',
  mim_id: 'ward-7',
  user_ids: [1, 2],
  discoverable: false,
  auto_accept: false,
};

afterEach(() => {
  vi.useRealTimers();
});

describe('PandoApiProvider', () => {
  it('hooks throw a clear error outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useHttpClient())).toThrow(/inside <PandoApiProvider/);
  });

  it('a page loaded without a network waits for one: its queries pause instead of failing after retries (issue 37)', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { calls, wrapper } = harness(() => ({
      status: 200,
      body: { results: [{ id: 'alice', status: 'AVAILABLE' }] },
    }));
    const { result } = renderHook(() => useUserStatusesQuery(['alice']), { wrapper });
    await waitFor(() => {
      expect(result.current.fetchStatus).toBe('paused');
    });
    expect(calls).toHaveLength(0);

    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => {
      expect(result.current.isSuccess).toBe(true);
    });
    expect(calls).toHaveLength(1);
  });
});

describe('a first visit’s answers from the chat list’s first paint (issue 37)', () => {
  const team = ward7Team;
  const lists = { teams: [team], forums: [], advice_conversations: [] };
  const route: Route = (url) =>
    url.pathname.endsWith('/teams-with-advices-conversations')
      ? { status: 200, body: { teams: [], forums: [], advice_conversations: [] } }
      : { status: 500, body: { message: 'not in this test' } };
  const asked = (calls: { url: URL }[], path: string) =>
    calls.filter((c) => c.url.pathname.endsWith(path)).map((c) => c.url.search);

  it('the app shows the paint’s answer without asking again; one its schema refuses is asked for; taken once', async () => {
    offerFirstAnswers({
      currentUser: { id: 'not a user' },
      sidebarLists: lists,
      askedAt: Date.now(),
    });
    const first = harness(route);
    const { result } = renderHook(
      () => ({ lists: useTeamsWithAdviceConversationsQuery(), me: useCurrentUserQuery() }),
      { wrapper: first.wrapper },
    );
    // On the first render: no loading state, no request.
    expect(result.current.lists.data?.teams.map((t) => t.name)).toEqual(['Ward 7 Team']);
    await waitFor(() => {
      expect(asked(first.calls, '/login/current')).toEqual(['?embed=hospital']);
    });
    expect(asked(first.calls, '/teams-with-advices-conversations')).toEqual([]);

    // Another cache (a later sign-in in the same page) gets nothing of them.
    const second = harness(route);
    const later = renderHook(() => useTeamsWithAdviceConversationsQuery(), {
      wrapper: second.wrapper,
    });
    await waitFor(() => {
      expect(later.result.current.data?.teams).toEqual([]);
    });
    expect(asked(second.calls, '/teams-with-advices-conversations')).toEqual(['']);
  });

  it('replaces an older answer (from the offline copy), never a newer one', () => {
    const askedAt = Date.now();
    const older = harness(route);
    older.queryClient.setQueryData(
      teamKeys.lists(),
      { teams: [], forums: [], advice_conversations: [] },
      { updatedAt: askedAt - 60_000 },
    );
    offerFirstAnswers({ currentUser: undefined, sidebarLists: lists, askedAt });
    renderHook(() => useHttpClient(), { wrapper: older.wrapper });
    expect(older.queryClient.getQueryData(teamKeys.lists())).toEqual(lists);

    const newer = harness(route);
    const held = { teams: [], forums: [team], advice_conversations: [] };
    newer.queryClient.setQueryData(teamKeys.lists(), held, { updatedAt: askedAt + 1 });
    offerFirstAnswers({ currentUser: undefined, sidebarLists: lists, askedAt });
    renderHook(() => useHttpClient(), { wrapper: newer.wrapper });
    expect(newer.queryClient.getQueryData(teamKeys.lists())).toEqual(held);
  });
});

describe('status polling', () => {
  it('polls user statuses every 30 s (spec 01 §9 "Status poll 30 s")', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'Date'],
    });
    const { calls, wrapper } = harness(() => ({
      status: 200,
      body: { results: [{ id: 'alice', status: 'AVAILABLE' }] },
    }));
    renderHook(() => useUserStatusesQuery(['bob', 'alice', 'bob']), { wrapper });
    await vi.advanceTimersByTimeAsync(10);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url.search).toBe('?subscribe=false&users=alice%2Cbob');
    await vi.advanceTimersByTimeAsync(29_000);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_100);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls).toHaveLength(3);
  });
});

describe('optimistic updates', () => {
  it('adding members shows them at once and rolls back when the server refuses (403)', async () => {
    const team = ward7Team;
    let release: (value: { status: number; body?: unknown }) => void = () => undefined;
    const { queryClient, wrapper } = harness((url) =>
      url.pathname.endsWith('/members/add')
        ? new Promise((resolve) => (release = resolve))
        : { status: 200, body: team },
    );
    queryClient.setQueryData(teamKeys.detail(5), team);
    const { result } = renderHook(() => useAddTeamMembersMutation(5), { wrapper });
    act(() => {
      result.current.mutate([3]);
    });
    await waitFor(() => {
      expect(queryClient.getQueryData<Team>(teamKeys.detail(5))?.user_ids).toEqual([1, 2, 3]);
    });
    act(() => {
      release({ status: 403, body: { message: 'not a member' } });
    });
    await waitFor(() => {
      expect(result.current.isError).toBe(true);
    });
    expect(queryClient.getQueryData<Team>(teamKeys.detail(5))?.user_ids).toEqual([1, 2]);
  });
});

describe('spec rules in the cache', () => {
  const card: PatientCard = {
    id: 9,
    title: 'Mrs Smith',
    subtitle: null,
    users: [],
    teams: [],
    tasks: [],
    created_at: now,
    modified_at: now,
    editable: true,
  };

  it('a failed reassign of assignees removes the card from the client store (spec 01 §8)', async () => {
    const { queryClient, wrapper } = harness(() => ({ status: 403, body: { message: 'no' } }));
    queryClient.setQueryData(patientCardKeys.detail(9), card);
    queryClient.setQueryData(patientCardKeys.list(), [card, { ...card, id: 10 }]);
    const { result } = renderHook(() => useReassignPatientCardMutation(9), { wrapper });
    act(() => {
      result.current.mutate({ users: [1], teams: [] });
    });
    await waitFor(() => {
      expect(result.current.isError).toBe(true);
    });
    expect(queryClient.getQueryData(patientCardKeys.detail(9))).toBeUndefined();
    expect(
      queryClient.getQueryData<PatientCard[]>(patientCardKeys.list())?.map((c) => c.id),
    ).toEqual([10]);
  });

  it('leaving a team drops the member at once and marks it as not theirs (spec 01 §4 "Team panel")', async () => {
    const team: Team = { ...ward7Team, member_of: true };
    let release: (value: { status: number; body?: unknown }) => void = () => undefined;
    const { queryClient, wrapper } = harness((url) =>
      url.pathname.endsWith('/leave')
        ? new Promise((resolve) => (release = resolve))
        : { status: 200, body: { ...team, user_ids: [2], member_of: false } },
    );
    queryClient.setQueryData(teamKeys.detail(5), team);
    const { result } = renderHook(() => useLeaveTeamMutation(5, 1), { wrapper });
    act(() => {
      void result.current.leave();
    });
    await waitFor(() => {
      expect(queryClient.getQueryData<Team>(teamKeys.detail(5))).toMatchObject({
        user_ids: [2],
        member_of: false,
      });
    });
    act(() => {
      release({ status: 200, body: { message: textsWith.youLeft('Ward 5') } });
    });
    await waitFor(() => {
      expect(result.current.isSuccess).toBe(true);
    });
  });
});

describe('the sidebar lists', () => {
  const lists = {
    teams: [{ ...ward7Team, member_of: true }],
    forums: [],
    advice_conversations: [],
  };

  it('the prefetch asks once, only when enabled, and the lists hook then reads its answer (issue 10)', async () => {
    const { calls, wrapper } = harness(() => ({ status: 200, body: lists }));
    const prefetch = renderHook(
      ({ enabled }: { enabled: boolean }) => {
        usePrefetchTeamsWithAdviceConversations(enabled);
      },
      { wrapper, initialProps: { enabled: false } },
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls).toHaveLength(0);
    prefetch.rerender({ enabled: true });
    prefetch.rerender({ enabled: true });
    await waitFor(() => {
      expect(calls).toHaveLength(1);
    });
    expect(calls[0]?.url.pathname).toBe('/api/v4/teams-with-advices-conversations');
    const { result } = renderHook(() => useTeamsWithAdviceConversationsQuery(), { wrapper });
    await waitFor(() => {
      expect(result.current.data?.teams.map((t) => t.name)).toEqual(['Ward 7 Team']);
    });
    expect(calls).toHaveLength(1);
  });
});

describe('paging', () => {
  const conversation = (id: number) => ({
    id,
    mim_id: `adv-${id}`,
    requestor_id: 1,
    requestor_resolved: true,
    public_team_resolved: true,
    modified_at: now,
  });

  it('advice history loads 20 at a time by offset and stops at total_count (spec 01 §9 page size 20)', async () => {
    const total = 45;
    const { calls, wrapper } = harness((url) => {
      const offset = Number(url.searchParams.get('offset'));
      const limit = Number(url.searchParams.get('limit'));
      const ids = Array.from(
        { length: Math.max(0, Math.min(limit, total - offset)) },
        (_, i) => offset + i + 1,
      );
      return { status: 200, body: { results: ids.map(conversation), total_count: total } };
    });
    const { result } = renderHook(() => useAdviceHistoryInfiniteQuery(), { wrapper });
    await waitFor(() => {
      expect(result.current.isSuccess).toBe(true);
    });
    expect(calls[0]?.url.searchParams.get('limit')).toBe('20');
    expect(calls[0]?.url.searchParams.get('sort')).toBe('-modified_at');
    const second = await act(() => result.current.fetchNextPage());
    expect(second.hasNextPage).toBe(true);
    const third = await act(() => second.fetchNextPage());
    expect(third.data?.pages).toHaveLength(3);
    expect(calls.map((c) => c.url.searchParams.get('offset'))).toEqual(['0', '20', '40']);
    expect(third.data?.pages.flatMap((p) => p.results)).toHaveLength(45);
    expect(third.hasNextPage).toBe(false);
  });

  it('search pages by page[number] and stops when meta.total hits are loaded', async () => {
    const { calls, wrapper } = harness((url) => {
      const page = Number(url.searchParams.get('page[number]'));
      const results =
        page <= 2
          ? [
              {
                type: 'USER',
                data: { id: page, uuid: `u${page}`, first_name: 'A', last_name: String(page) },
              },
            ]
          : [];
      return {
        status: 200,
        body: { results, meta: { total: 2, searchResultCount: 2 }, links: {} },
      };
    });
    const { result } = renderHook(
      () =>
        useSearchInfiniteQuery({
          query: 'car',
          includes: ['user.other'],
          outsideOrganisation: true,
        }),
      { wrapper },
    );
    await waitFor(() => {
      expect(result.current.isSuccess).toBe(true);
    });
    expect(result.current.hasNextPage).toBe(true);
    await act(() => result.current.fetchNextPage());
    await waitFor(() => {
      expect(result.current.data?.pages).toHaveLength(2);
    });
    expect(result.current.hasNextPage).toBe(false);
    expect(calls.map((c) => c.url.searchParams.get('page[number]'))).toEqual(['1', '2']);
    expect(calls[0]?.url.searchParams.get('outside-organisation')).toBe('true');
    expect(calls[0]?.url.searchParams.get('include')).toBe('user.other');
  });
});
