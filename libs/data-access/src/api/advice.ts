import {
  ADVICE_HISTORY_PAGE_SIZE,
  type AdviceHistoryResponse,
  teamsEndpoints,
} from '@pando/domain';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { RoomChange } from '../chat/types';
import type { HttpClient } from '../http/createHttpClient';
import { call } from '../http/endpoint';
import { isBadRequest, orThrowBadRequest } from '../http/errors';
import { useHttpClient } from './PandoApiProvider';
import { STALE } from './stale';
import { teamKeys } from './teams';

export async function getAdviceConversation(http: HttpClient, teamId: number, id: number) {
  return orThrowBadRequest(
    await call(http, teamsEndpoints.advice, {
      params: { teamId, id },
      query: { embed: 'requestor,resolver,team,team.public_data' },
    }),
  );
}

/** The three transitions of spec 01 §4 "Advice conversation" (PUT …/accept|resolve|unresolve). */
export type AdviceAction = 'accept' | 'resolve' | 'unresolve';

export function changeAdviceConversation(
  http: HttpClient,
  teamId: number,
  id: number,
  action: AdviceAction,
) {
  // No body, as before (NoBodySchema: the server takes none).
  const input = { params: { teamId, id }, body: undefined };
  switch (action) {
    case 'accept':
      return call(http, teamsEndpoints.acceptAdvice, input);
    case 'resolve':
      return call(http, teamsEndpoints.resolveAdvice, input);
    case 'unresolve':
      return call(http, teamsEndpoints.unresolveAdvice, input);
  }
}

/** POST …/export-to-email, no payload: mails the conversation to the current user. */
export function exportAdviceConversationToEmail(http: HttpClient, teamId: number, id: number) {
  return call(http, teamsEndpoints.adviceTranscriptEmail, {
    params: { teamId, id },
    body: undefined,
  });
}

/**
 * POST /teams/{teamId}/advice-conversations `{ message }` → id and mim_id. The first message is
 * required (spec 01 §2 "Takes a first message"); the server posts it into the new room.
 */
export function createAdviceConversation(http: HttpClient, teamId: number, message: string) {
  return call(http, teamsEndpoints.createAdvice, { params: { teamId }, body: { message } });
}

type AdviceHistoryPage = AdviceHistoryResponse;

/** GET /teams/advice-conversations (resolved history), newest first, 20 a page. */
export async function getAdviceHistoryPage(http: HttpClient, offset: number) {
  return orThrowBadRequest(
    await call(http, teamsEndpoints.adviceHistory, {
      query: {
        embed: 'team.public_data,resolver,requestor',
        limit: ADVICE_HISTORY_PAGE_SIZE,
        accepted: true,
        conversation_context: 'ALL',
        offset,
        sort: '-modified_at',
      },
    }),
  );
}

/** Offset of the next page, or undefined when every conversation has been loaded. */
function nextAdviceHistoryOffset(
  lastPage: AdviceHistoryPage,
  allPages: readonly AdviceHistoryPage[],
): number | undefined {
  const loaded = allPages.reduce((sum, page) => sum + page.results.length, 0);
  if (lastPage.results.length === 0 || loaded >= lastPage.total_count) return undefined;
  return loaded;
}

const adviceKeys = {
  all: ['advice'] as const,
  detail: (teamId: number, id: number) => [...adviceKeys.all, 'detail', teamId, id] as const,
  history: () => [...adviceKeys.all, 'history'] as const,
};

/**
 * What someone else's change to a room makes stale (issue 35 "live state between people"), so
 * every open screen follows it without a reload:
 * - `advice` (a resolve, reject or accept line arrived): the advice conversations (their state
 *   decides the actions offered and the label), their history and the sidebar lists;
 * - `members` (added, removed, left, joined by posting) and `config` (renamed): every team answer
 *   (sidebar lists, team details and member lists) and the advice conversations, which carry
 *   their team's name and members.
 * Only the queries on screen refetch; the others are marked stale.
 */
export async function refreshAfterRoomChange(
  queryClient: QueryClient,
  change: Pick<RoomChange, 'kind'>,
  /** `cancelRefetch: false`: a fetch already under way is kept rather than started again. */
  options: { cancelRefetch?: boolean } = {},
): Promise<void> {
  const keys =
    change.kind === 'advice' ? [adviceKeys.all, teamKeys.lists()] : [teamKeys.all, adviceKeys.all];
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }, options)));
}

export function useAdviceConversationQuery(teamId: number | undefined, id: number | undefined) {
  const http = useHttpClient();
  return useQuery({
    queryKey: adviceKeys.detail(teamId ?? -1, id ?? -1),
    queryFn: () => getAdviceConversation(http, teamId ?? -1, id ?? -1),
    enabled: teamId !== undefined && id !== undefined,
    staleTime: STALE.adviceConversation,
  });
}

/** Resolved advice conversations, 20 at a time (spec 01 §9 "advice history page size 20"). */
export function useAdviceHistoryInfiniteQuery() {
  const http = useHttpClient();
  return useInfiniteQuery({
    queryKey: adviceKeys.history(),
    queryFn: ({ pageParam }) => getAdviceHistoryPage(http, pageParam),
    initialPageParam: 0,
    getNextPageParam: nextAdviceHistoryOffset,
    staleTime: STALE.adviceHistory,
  });
}

export function useChangeAdviceConversationMutation(teamId: number, id: number) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: AdviceAction) => changeAdviceConversation(http, teamId, id, action),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adviceKeys.detail(teamId, id) }),
        queryClient.invalidateQueries({ queryKey: adviceKeys.history() }),
        queryClient.invalidateQueries({ queryKey: teamKeys.lists() }),
      ]);
    },
  });
}

export function useExportAdviceConversationMutation(teamId: number, id: number) {
  const http = useHttpClient();
  return useMutation({ mutationFn: () => exportAdviceConversationToEmail(http, teamId, id) });
}

export function useCreateAdviceConversationMutation(teamId: number) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => createAdviceConversation(http, teamId, message),
    onSuccess: async (created) => {
      if (!isBadRequest(created))
        await queryClient.invalidateQueries({ queryKey: teamKeys.lists() });
    },
  });
}
