import {
  TEAM_MEMBERS_LIMIT,
  teamsEndpoints,
  type TeamUpdate,
  TeamSchema,
  type Team,
  type TeamInput,
} from '@pando/domain';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { HttpClient } from '../http/createHttpClient';
import { call } from '../http/endpoint';
import { isBadRequest, orThrowBadRequest } from '../http/errors';
import { isEditConflict } from './editConflict';
import { useHttpClient } from './httpContext';
import { STALE } from './stale';

/** GET /teams-with-advices-conversations → teams, forums, advice_conversations. */
export async function getTeamsWithAdviceConversations(http: HttpClient) {
  return orThrowBadRequest(await call(http, teamsEndpoints.teamsWithAdviceConversations, {}));
}

export async function getTeam(http: HttpClient, id: number) {
  return orThrowBadRequest(await call(http, teamsEndpoints.team, { params: { id } }));
}

/** POST /teams. New teams are private unless asked (spec 01 §5: discoverable false). */
export function createTeam(http: HttpClient, input: TeamInput) {
  return call(http, teamsEndpoints.createTeam, {
    body: {
      name: input.name,
      discoverable: input.discoverable ?? false,
      user_ids: [...new Set(input.user_ids)],
      public_data: input.public_data ?? {},
    },
  });
}

/**
 * PUT /teams/{id} with only the fields that change (rename lives here: the name alone; members
 * change through members/add and members/remove) and `modified_at`, the version they were made
 * on: a stale one answers 409 `EDIT_CONFLICT` (issue 35).
 */
export function updateTeam(http: HttpClient, id: number, input: TeamUpdate) {
  return call(http, teamsEndpoints.updateTeam, { params: { id }, body: input });
}

/** GET /teams/{id}/members?limit=1000&offset=0&embed=hospital → results. */
export async function getTeamMembers(http: HttpClient, id: number) {
  const answer = orThrowBadRequest(
    await call(http, teamsEndpoints.members, {
      params: { id },
      query: { limit: TEAM_MEMBERS_LIMIT, offset: 0, embed: 'hospital' },
    }),
  );
  return answer.results;
}

export function addTeamMembers(http: HttpClient, id: number, userIds: number[]) {
  return call(http, teamsEndpoints.addMembers, { params: { id }, body: { user_ids: userIds } });
}

export function removeTeamMembers(http: HttpClient, id: number, userIds: number[]) {
  return call(http, teamsEndpoints.removeMembers, { params: { id }, body: { user_ids: userIds } });
}

/** POST /teams/{id}/leave: "You left <team>". */
export function leaveTeam(http: HttpClient, id: number) {
  return call(http, teamsEndpoints.leave, { params: { id }, body: undefined });
}

export const teamKeys = {
  all: ['teams'] as const,
  /** The sidebar lists: teams, forums and advice conversations together. */
  lists: () => [...teamKeys.all, 'with-advice-conversations'] as const,
  detail: (id: number) => [...teamKeys.all, 'detail', id] as const,
  members: (id: number) => [...teamKeys.all, 'members', id] as const,
};

/** The sidebar lists' query, shared by the hook and the prefetch so both fill the same entry. */
function teamsWithAdviceConversationsQuery(http: HttpClient) {
  return queryOptions({
    queryKey: teamKeys.lists(),
    queryFn: () => getTeamsWithAdviceConversations(http),
    staleTime: STALE.teamsWithAdviceConversations,
  });
}

export function useTeamsWithAdviceConversationsQuery() {
  const http = useHttpClient();
  return useQuery(teamsWithAdviceConversationsQuery(http));
}

/**
 * Starts `GET /teams-with-advices-conversations` from render when `enabled` and the cache has no
 * entry for it yet (as React Query's `usePrefetchQuery` does), so the request does not wait for
 * the screens that read it to be downloaded and mounted. The session gate calls it as soon as the
 * session is known (issue 10: the chat list's time to interactive).
 */
export function usePrefetchTeamsWithAdviceConversations(enabled: boolean): void {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  if (enabled && !queryClient.getQueryState(teamKeys.lists())) {
    // A failure is the lists hook's to report (its own query retries and shows the error).
    queryClient.query(teamsWithAdviceConversationsQuery(http)).catch(() => undefined);
  }
}

export function useTeamQuery(id: number | undefined) {
  const http = useHttpClient();
  return useQuery({
    queryKey: teamKeys.detail(id ?? -1),
    queryFn: () => getTeam(http, id ?? -1),
    enabled: id !== undefined,
    staleTime: STALE.team,
  });
}

export function useTeamMembersQuery(id: number | undefined) {
  const http = useHttpClient();
  return useQuery({
    queryKey: teamKeys.members(id ?? -1),
    queryFn: () => getTeamMembers(http, id ?? -1),
    enabled: id !== undefined,
    staleTime: STALE.teamMembers,
  });
}

export function useCreateTeamMutation() {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TeamInput) => createTeam(http, input),
    onSuccess: async (team) => {
      if (isBadRequest(team)) return;
      queryClient.setQueryData(teamKeys.detail(team.id), team);
      await queryClient.invalidateQueries({ queryKey: teamKeys.lists() });
    },
  });
}

/**
 * Changes a team on the version the screen shows (the cached team's `modified_at`, unless the
 * input names one); each save's answer becomes the next version, so a person's consecutive saves
 * never conflict with each other. Refused as stale (`isEditConflict`): the team, its members and
 * the lists are fetched again, so the latest version shows.
 */
export function useUpdateTeamMutation(id: number) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TeamUpdate) => {
      const version = queryClient.getQueryData<Team>(teamKeys.detail(id))?.modified_at;
      return updateTeam(http, id, {
        ...input,
        ...(input.modified_at === undefined && version ? { modified_at: version } : {}),
      });
    },
    onSuccess: async (team) => {
      if (isBadRequest(team)) return;
      queryClient.setQueryData(teamKeys.detail(id), team);
      await queryClient.invalidateQueries({ queryKey: teamKeys.lists() });
    },
    onError: async (error) => {
      if (!isEditConflict(error)) return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: teamKeys.members(id) }),
        queryClient.invalidateQueries({ queryKey: teamKeys.lists() }),
      ]);
    },
  });
}

interface MembershipSnapshot {
  team: Team | undefined;
}

/** Applies a membership change to the cached team at once, remembering what to roll back to. */
async function applyMembership(
  queryClient: QueryClient,
  teamId: number,
  change: (userIds: number[]) => number[],
  memberOf: boolean | undefined,
): Promise<MembershipSnapshot> {
  await queryClient.cancelQueries({ queryKey: teamKeys.detail(teamId) });
  const team = queryClient.getQueryData<Team>(teamKeys.detail(teamId));
  if (team) {
    queryClient.setQueryData<Team>(teamKeys.detail(teamId), {
      ...team,
      user_ids: change(team.user_ids),
      ...(memberOf === undefined ? {} : { member_of: memberOf }),
    });
  }
  return { team };
}

function useMembershipMutation(
  teamId: number,
  send: (http: HttpClient, userIds: number[]) => Promise<unknown>,
  change: (current: number[], userIds: number[]) => number[],
  memberOf: (userIds: number[]) => boolean | undefined,
) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userIds: number[]) => {
      const result = await send(http, userIds);
      // A 400 is not thrown by the client (spec 01 §8) but the change did not happen: roll back.
      if (isBadRequest(result)) throw new Error(result.message);
      return result;
    },
    onMutate: (userIds) =>
      applyMembership(
        queryClient,
        teamId,
        (current) => change(current, userIds),
        memberOf(userIds),
      ),
    onSuccess: (result) => {
      // The team as the change left it, with its new version: a rename right after an add is
      // the same person's next change, not a stale one (issue 35).
      const team = TeamSchema.safeParse(result);
      if (team.success) queryClient.setQueryData(teamKeys.detail(teamId), team.data);
    },
    onError: (_error, _userIds, snapshot) => {
      if (snapshot?.team) queryClient.setQueryData(teamKeys.detail(teamId), snapshot.team);
    },
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.detail(teamId) }),
        queryClient.invalidateQueries({ queryKey: teamKeys.members(teamId) }),
        queryClient.invalidateQueries({ queryKey: teamKeys.lists() }),
      ]);
    },
  });
}

/** Adds members, shown at once and rolled back if the server refuses (spec 01 §4 "Team panel"). */
export function useAddTeamMembersMutation(teamId: number) {
  return useMembershipMutation(
    teamId,
    (http, ids) => addTeamMembers(http, teamId, ids),
    (current, ids) => [...new Set([...current, ...ids])],
    () => undefined,
  );
}

export function useRemoveTeamMembersMutation(teamId: number) {
  return useMembershipMutation(
    teamId,
    (http, ids) => removeTeamMembers(http, teamId, ids),
    (current, ids) => current.filter((id) => !ids.includes(id)),
    () => undefined,
  );
}

/**
 * Joining a discoverable team or forum: spec 01 §7 lists no join call, so a non-member adds
 * themself through members/add (the server allows it for discoverable teams).
 */
export function useJoinTeamMutation(teamId: number, currentUserId: number) {
  const mutation = useMembershipMutation(
    teamId,
    (http, ids) => addTeamMembers(http, teamId, ids),
    (current, ids) => [...new Set([...current, ...ids])],
    () => true,
  );
  return { ...mutation, join: () => mutation.mutateAsync([currentUserId]) };
}

export function useLeaveTeamMutation(teamId: number, currentUserId: number) {
  const mutation = useMembershipMutation(
    teamId,
    (http) => leaveTeam(http, teamId),
    (current) => current.filter((id) => id !== currentUserId),
    () => false,
  );
  return { ...mutation, leave: () => mutation.mutateAsync([currentUserId]) };
}
