import { STATUS_POLL_MS, usersEndpoints, type SetOwnStatusBody } from '@pando/domain';
import { useQuery } from '@tanstack/react-query';
import type { HttpClient } from '../http/createHttpClient';
import { call } from '../http/endpoint';
import { orThrowBadRequest } from '../http/errors';
import { useHttpClient } from './PandoApiProvider';
import { STALE } from './stale';

/**
 * GET /users/{id}?embed=hospital. The key is the REST id (spec 01 routes, search results) or the
 * uuid (all a direct conversation from the chat inbox knows of its person); the server takes both.
 */
export async function getUser(http: HttpClient, key: number | string) {
  return orThrowBadRequest(
    await call(http, usersEndpoints.user, { params: { id: key }, query: { embed: 'hospital' } }),
  );
}

/** GET /users/{id}/teams → results. */
export async function getUserTeams(http: HttpClient, id: number) {
  const answer = orThrowBadRequest(await call(http, usersEndpoints.userTeams, { params: { id } }));
  return answer.results;
}

/** GET /users/statuses?subscribe=false&users={uuids}. Ids are user uuids (domain decision). */
export async function getUserStatuses(http: HttpClient, uuids: readonly string[]) {
  const answer = orThrowBadRequest(
    await call(http, usersEndpoints.statuses, { query: { subscribe: false, users: uuids } }),
  );
  return answer.results;
}

/** PUT /users/me/status: the availability others see in the status poll. */
export async function setOwnStatus(
  http: HttpClient,
  status: SetOwnStatusBody['status'],
): Promise<void> {
  orThrowBadRequest(await call(http, usersEndpoints.setOwnStatus, { body: { status } }));
}

/** Sorted and de-duplicated so the same set of people shares one cache entry and one poll. */
function normaliseUuids(uuids: readonly string[]): string[] {
  return [...new Set(uuids)].sort();
}

const userKeys = {
  all: ['users'] as const,
  detail: (key: number | string) => [...userKeys.all, 'detail', String(key)] as const,
  teams: (id: number) => [...userKeys.all, 'teams', id] as const,
  statuses: (uuids: readonly string[]) =>
    [...userKeys.all, 'statuses', normaliseUuids(uuids)] as const,
};

/** The person of a /users/{userId} path, by REST id or uuid (see `getUser`). */
export function useUserQuery(key: number | string | undefined) {
  const http = useHttpClient();
  return useQuery({
    queryKey: userKeys.detail(key ?? ''),
    queryFn: () => getUser(http, key ?? ''),
    enabled: key !== undefined,
    staleTime: STALE.user,
  });
}

export function useUserTeamsQuery(id: number | undefined) {
  const http = useHttpClient();
  return useQuery({
    queryKey: userKeys.teams(id ?? -1),
    queryFn: () => getUserTeams(http, id ?? -1),
    enabled: id !== undefined,
    staleTime: STALE.userTeams,
  });
}

/**
 * Availability of the given people, polled every 30 s (spec 01 §7/§9 "Status poll"). Polling
 * continues in a background tab: a clinician returning to the tab should see current presence.
 */
export function useUserStatusesQuery(uuids: readonly string[]) {
  const http = useHttpClient();
  const ids = normaliseUuids(uuids);
  return useQuery({
    queryKey: userKeys.statuses(ids),
    queryFn: () => getUserStatuses(http, ids),
    enabled: ids.length > 0,
    staleTime: STALE.userStatuses,
    refetchInterval: STATUS_POLL_MS,
    refetchIntervalInBackground: true,
  });
}
