import { INTERNAL_CODES, teamsEndpoints } from '@pando/domain';
import type { HttpClient } from '../http/createHttpClient';
import { call } from '../http/endpoint';
import { DataConflictError, orThrowBadRequest } from '../http/errors';

/** GET /chat-room/{mimId}?embed=…: what a MUC Light room is (a team or an advice conversation). */
export async function getChatRoom(http: HttpClient, mimId: string) {
  return orThrowBadRequest(
    await call(http, teamsEndpoints.chatRoom, {
      params: { mimId },
      query: { embed: 'team,requestor,resolver,users,team.public_data' },
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
