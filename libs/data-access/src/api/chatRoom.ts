import { INTERNAL_CODES, ChatRoomSchema } from '@pando/domain';
import { useQuery } from '@tanstack/react-query';
import type { HttpClient } from '../http/createHttpClient';
import { DataConflictError, orThrowBadRequest } from '../http/errors';
import { useHttpClient } from './PandoApiProvider';
import { STALE } from './stale';

/** GET /chat-room/{mimId}?embed=…: what a MUC Light room is (a team or an advice conversation). */
export async function getChatRoom(http: HttpClient, mimId: string) {
  return orThrowBadRequest(
    await http.request({
      method: 'GET',
      path: `/chat-room/${encodeURIComponent(mimId)}`,
      query: { embed: 'team,requestor,resolver,users,team.public_data' },
      schema: ChatRoomSchema,
    }),
  );
}

/** Spec 01 §8: ADVICE_TEAM_NOT_ACTIVE on chat-room lookups is ignored (info log only). */
export function isInactiveAdviceTeam(error: unknown): boolean {
  return (
    error instanceof DataConflictError &&
    error.internalCode === INTERNAL_CODES.ADVICE_TEAM_NOT_ACTIVE
  );
}

export const chatRoomKeys = {
  all: ['chat-room'] as const,
  detail: (mimId: string) => [...chatRoomKeys.all, mimId] as const,
};

export function useChatRoomQuery(mimId: string | undefined) {
  const http = useHttpClient();
  return useQuery({
    queryKey: chatRoomKeys.detail(mimId ?? ''),
    queryFn: () => getChatRoom(http, mimId ?? ''),
    enabled: mimId !== undefined,
    staleTime: STALE.chatRoom,
    retry: (count, error) => !isInactiveAdviceTeam(error) && count < 3,
  });
}
