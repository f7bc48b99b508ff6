import {
  ADMIN_PAGE_SIZE,
  adminEndpoints,
  adminTeamEndpoints,
  AdminTeamSchema,
  AdviceChannelSchema,
  INVITES_DEFAULT_SORT,
  NETWORK_ADMIN_ORGANISATIONS_PAGE_SIZE,
  USERS_DEFAULT_SORT,
  memberDiff,
  type AdminTeamInput,
  type AdminTeamPatch,
  type AdminUserPatch,
  type DataExportRequest,
  type InviteOutcome,
  type NetworkInput,
} from '@pando/domain';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import type { HttpClient } from '../http/createHttpClient';
import { ApiError, isBadRequest, orThrowBadRequest, type BadRequest } from '../http/errors';
import { call } from '../http/endpoint';
import { useHttpClient } from './PandoApiProvider';
import { STALE } from './stale';

/*
 * The admin console's calls (spec 02 §7, API v4) and their React Query hooks. Paged lists answer
 * `{ results, page, pageSize, totalResults }` with pages from 0 (domain `adminPageOf`); the
 * infinite hooks concatenate them. Writes refresh what they change: a whole family of lists is
 * cleared by key prefix (spec 02 §7 "cleared by key prefix", "refreshed after changes").
 */

/** `?organisation=` / `?network=` (uuids): narrows a call inside the caller's reach. */
export interface AdminScopeParams {
  organisation?: string | undefined;
  network?: string | undefined;
}

/** A paged list's query (spec 02 §7): `q`, `sort` (comma list, `-` descending), page size. */
export interface AdminListParams extends AdminScopeParams {
  q?: string | undefined;
  sort?: string | undefined;
  pageSize?: number | undefined;
}

type AdminPage<T> = { results: T[]; page: number; pageSize: number; totalResults: number };

function listQuery(params: AdminListParams, page: number) {
  return {
    page,
    q: params.q?.trim() || undefined,
    sort: params.sort || undefined,
    'page-size': params.pageSize ?? ADMIN_PAGE_SIZE,
    network: params.network,
    organisation: params.organisation,
  };
}

/** The next page to ask for, or undefined when every row is in. */
function nextAdminPage(last: AdminPage<unknown>, pages: AdminPage<unknown>[]) {
  const loaded = pages.reduce((n, p) => n + p.results.length, 0);
  return loaded < last.totalResults && last.results.length > 0 ? last.page + 1 : undefined;
}

/** The rows of every loaded page, in order (React Query keeps the pages apart). */
export function adminRows<T>(data: { pages: AdminPage<T>[] } | undefined): T[] {
  return data?.pages.flatMap((p) => p.results) ?? [];
}

const scopeKey = (s: AdminScopeParams) => ({
  organisation: s.organisation ?? null,
  network: s.network ?? null,
});
const listKey = (p: AdminListParams) => ({
  ...scopeKey(p),
  q: p.q?.trim() ?? '',
  sort: p.sort ?? '',
  pageSize: p.pageSize ?? ADMIN_PAGE_SIZE,
});

/** Admin team kinds: the `/admin/teams` and the `/admin/advice-channels` families. */
export type AdminTeamKind = 'team' | 'advice';

const adminKeys = {
  all: ['admin'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  usersList: (p: AdminListParams) => [...adminKeys.users(), 'list', listKey(p)] as const,
  user: (id: number) => [...adminKeys.users(), 'detail', id] as const,
  invites: () => [...adminKeys.all, 'invites'] as const,
  invitesList: (p: AdminListParams) => [...adminKeys.invites(), 'list', listKey(p)] as const,
  networks: () => [...adminKeys.all, 'networks'] as const,
  networksList: (p: AdminListParams) => [...adminKeys.networks(), 'list', listKey(p)] as const,
  network: (id: number) => [...adminKeys.networks(), 'detail', id] as const,
  organisations: (p: AdminListParams) => [...adminKeys.all, 'organisations', listKey(p)] as const,
  pagers: (p: AdminListParams) => [...adminKeys.all, 'pagers', listKey(p)] as const,
  teams: (kind: AdminTeamKind) => [...adminKeys.all, kind] as const,
  teamsCount: (kind: AdminTeamKind, s: AdminScopeParams) =>
    [...adminKeys.teams(kind), 'count', scopeKey(s)] as const,
  teamsList: (kind: AdminTeamKind, p: AdminListParams) =>
    [...adminKeys.teams(kind), 'list', listKey(p)] as const,
  team: (kind: AdminTeamKind, id: number) => [...adminKeys.teams(kind), 'detail', id] as const,
};

// ---- Users ----

/** GET /admin/users?page=&q=&sort=&page-size= (sort default last_name; `name` means it). */
export async function getAdminUsers(http: HttpClient, params: AdminListParams, page = 0) {
  return orThrowBadRequest(
    await call(http, adminEndpoints.users, {
      query: listQuery({ ...params, sort: params.sort ?? USERS_DEFAULT_SORT }, page),
    }),
  );
}

export async function getAdminUser(http: HttpClient, id: number) {
  return orThrowBadRequest(await call(http, adminEndpoints.user, { params: { id } }));
}

/** PATCH /admin/users/{id}: `hospital_uuid` transfers, `blocked: true` blocks (spec 02 §7). */
export function patchAdminUser(http: HttpClient, id: number, patch: AdminUserPatch) {
  return call(http, adminEndpoints.updateUser, { params: { id }, body: patch });
}

/** GET /admin/users/{id}/auth-code: a 409 means the user has not started a login (spec 02 §4). */
export async function getUserAuthCode(http: HttpClient, id: number) {
  const answer = orThrowBadRequest(
    await call(http, adminEndpoints.userAuthCode, { params: { id } }),
  );
  return answer.authorization_code;
}

// ---- Invitations ----

/** GET /admin/invites (default sort -sent_at). */
export async function getInvites(http: HttpClient, params: AdminListParams, page = 0) {
  return orThrowBadRequest(
    await call(http, adminEndpoints.invites, {
      query: listQuery({ ...params, sort: params.sort ?? INVITES_DEFAULT_SORT }, page),
    }),
  );
}

/** POST /admin/invites `{ email, organisation? }`. */
function createInvite(http: HttpClient, email: string, organisation?: string) {
  return call(http, adminEndpoints.createInvite, {
    body: organisation ? { email, organisation } : { email },
  });
}

/**
 * One invitation, as the outcome the domain's import rules read (`inviteRowStatus`,
 * `shouldStopImport`, `inviteNotification`): a refusal is an outcome, not a throw, so a CSV
 * import can go on to the next row (or stop at FEATURE_NOT_ENABLED).
 */
export async function sendInvite(
  http: HttpClient,
  email: string,
  organisation?: string,
): Promise<InviteOutcome> {
  try {
    const answer = await createInvite(http, email, organisation);
    if (isBadRequest(answer)) return failed(answer);
    return { kind: 'sent' };
  } catch (error) {
    if (error instanceof ApiError) return failed(error);
    throw error;
  }
}

function failed(error: ApiError | BadRequest): InviteOutcome {
  return { kind: 'failed', statusCode: error.status, internalCode: error.internalCode };
}

export function deleteInvite(http: HttpClient, id: number) {
  return call(http, adminEndpoints.deleteInvite, { params: { id } });
}

async function getInviteAuthCode(http: HttpClient, id: number) {
  const answer = orThrowBadRequest(
    await call(http, adminEndpoints.inviteAuthCode, { params: { id } }),
  );
  return answer.authorization_code;
}

// ---- Networks, organisations, pagers ----

export async function getAdminNetwork(http: HttpClient, id: number) {
  return orThrowBadRequest(await call(http, adminEndpoints.network, { params: { id } }));
}

export async function getAdminNetworks(http: HttpClient, params: AdminListParams, page = 0) {
  return orThrowBadRequest(
    await call(http, adminEndpoints.networks, { query: listQuery(params, page) }),
  );
}

export function createNetwork(http: HttpClient, input: NetworkInput) {
  return call(http, adminEndpoints.createNetwork, { body: input });
}

/** PATCH /admin/networks/{id}: only the fields given change. */
export function updateNetwork(http: HttpClient, id: number, input: Partial<NetworkInput>) {
  return call(http, adminEndpoints.updateNetwork, { params: { id }, body: input });
}

/** DELETE /admin/networks/{id}: only an empty network goes (409 otherwise). */
export function deleteNetwork(http: HttpClient, id: number) {
  return call(http, adminEndpoints.deleteNetwork, { params: { id } });
}

/** GET /admin/organisations; a network admin asks for page size 10000 (spec 02 §9). */
export async function getAdminOrganisations(http: HttpClient, params: AdminListParams = {}) {
  return orThrowBadRequest(
    await call(http, adminEndpoints.organisations, {
      query: listQuery(
        { ...params, pageSize: params.pageSize ?? NETWORK_ADMIN_ORGANISATIONS_PAGE_SIZE },
        0,
      ),
    }),
  );
}

async function getPagers(http: HttpClient, params: AdminListParams, page = 0) {
  return orThrowBadRequest(
    await call(http, adminEndpoints.pagers, { query: listQuery(params, page) }),
  );
}

/** POST /admin/send-export-data-request → `{ message }` (the thank-you text). */
function sendExportDataRequest(http: HttpClient, request: DataExportRequest) {
  return call(http, adminEndpoints.dataExportRequest, { body: request });
}

// ---- Teams and advice channels ----

type TeamPageAnswer = AdminPage<AdminTeamRow>;

/** A row of either family: what the tables and the edit form read. */
export type AdminTeamRow = z.infer<typeof AdminTeamSchema> | z.infer<typeof AdviceChannelSchema>;

/** The member ids of either row kind (advice channels list members with names). */
export function adminTeamMemberIds(row: AdminTeamRow): number[] {
  return row.members.map((m) => (typeof m === 'number' ? m : m.id));
}

export async function getAdminTeams(
  http: HttpClient,
  kind: AdminTeamKind,
  params: AdminListParams,
  page = 0,
): Promise<TeamPageAnswer> {
  const teamEndpoints = adminTeamEndpoints[kind];
  return orThrowBadRequest(
    await call(http, teamEndpoints.list, { query: listQuery(params, page) }),
  );
}

export async function getAdminTeam(
  http: HttpClient,
  kind: AdminTeamKind,
  id: number,
): Promise<AdminTeamRow> {
  const teamEndpoints = adminTeamEndpoints[kind];
  return orThrowBadRequest(await call(http, teamEndpoints.one, { params: { id } }));
}

/** POST /admin/teams|advice-channels?organisation=&network= with `{ name, members, description? }`. */
export function createAdminTeam(
  http: HttpClient,
  kind: AdminTeamKind,
  input: AdminTeamInput,
  scope: AdminScopeParams = {},
) {
  const teamEndpoints = adminTeamEndpoints[kind];
  return call(http, teamEndpoints.create, {
    query: { organisation: scope.organisation, network: scope.network },
    body: input,
  });
}

function patchAdminTeam(http: HttpClient, kind: AdminTeamKind, id: number, patch: AdminTeamPatch) {
  const teamEndpoints = adminTeamEndpoints[kind];
  return call(http, teamEndpoints.update, { params: { id }, body: patch });
}

function changeAdminTeamMembers(
  http: HttpClient,
  kind: AdminTeamKind,
  id: number,
  op: 'add' | 'remove',
  userIds: number[],
) {
  const teamEndpoints = adminTeamEndpoints[kind];
  const input = { params: { id }, body: { user_ids: userIds } };
  return op === 'add'
    ? call(http, teamEndpoints.membersAdd, input)
    : call(http, teamEndpoints.membersRemove, input);
}

export function deleteAdminTeam(http: HttpClient, kind: AdminTeamKind, id: number) {
  const teamEndpoints = adminTeamEndpoints[kind];
  return call(http, teamEndpoints.remove, { params: { id } });
}

/**
 * Saves an edit: the name and description, then the members as differences between the current
 * and the chosen ones (spec 02 §4, domain `memberDiff`). Additions go first, so a channel never
 * drops to no members on the way. The first refusal (a 400) is returned and the rest not sent.
 * `version` is the `modified_at` of the copy the form was filled from: if someone else changed
 * the team since, the save is refused (409 `EDIT_CONFLICT`, issue 35) before anything changes.
 */
export async function saveAdminTeam(
  http: HttpClient,
  kind: AdminTeamKind,
  id: number,
  current: readonly number[],
  input: AdminTeamInput,
  version?: string,
): Promise<AdminTeamRow | BadRequest> {
  const patch: AdminTeamPatch = { name: input.name };
  if (input.description !== undefined) patch.description = input.description;
  if (version !== undefined) patch.modified_at = version;
  let row = await patchAdminTeam(http, kind, id, patch);
  if (isBadRequest(row)) return row;
  const { add, remove } = memberDiff(current, input.members);
  if (add.length > 0) {
    row = await changeAdminTeamMembers(http, kind, id, 'add', add);
    if (isBadRequest(row)) return row;
  }
  if (remove.length > 0) row = await changeAdminTeamMembers(http, kind, id, 'remove', remove);
  return row;
}

// ---- Hooks ----

/**
 * The users table: pages of 10 loaded as the table scrolls (spec 02 §2 "infinite loading").
 * The search text is the caller's to throttle (ADMIN_SEARCH_THROTTLE_MS); the previous rows stay
 * while a new search loads.
 */
export function useAdminUsersInfiniteQuery(params: AdminListParams = {}, enabled = true) {
  const http = useHttpClient();
  return useInfiniteQuery({
    queryKey: adminKeys.usersList(params),
    queryFn: ({ pageParam }) => getAdminUsers(http, params, pageParam),
    initialPageParam: 0,
    getNextPageParam: nextAdminPage,
    placeholderData: keepPreviousData,
    enabled,
    staleTime: STALE.admin,
  });
}

export function useAdminUserQuery(id: number | undefined) {
  const http = useHttpClient();
  return useQuery({
    queryKey: adminKeys.user(id ?? -1),
    queryFn: () => getAdminUser(http, id ?? -1),
    enabled: id !== undefined,
    staleTime: STALE.admin,
  });
}

/** One change of the console's Transfer or Delete (domain `transferPatches` / `blockPatches`). */
export interface AdminUserChange {
  id: number;
  patch: AdminUserPatch;
}

/**
 * Applies Transfer or Delete (block) to the selected users, one call each in order; resolves with
 * the ids changed and the first refusal, if any (the rest are not sent). The users lists and
 * counts are refreshed either way.
 */
export function useChangeAdminUsersMutation() {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: readonly AdminUserChange[]) => {
      const changed: number[] = [];
      for (const { id, patch } of changes) {
        const answer = await patchAdminUser(http, id, patch);
        if (isBadRequest(answer)) return { changed, refused: answer };
        changed.push(id);
      }
      return { changed, refused: null };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  });
}

/**
 * Generate code (spec 02 §4): a fresh code each time, so a mutation. A 409 rejects with a
 * `DataConflictError` (status 409): the domain's `generateCodeTransition` turns it into the
 * "start login first" state.
 */
export function useAuthCodeMutation(target: 'user' | 'invite') {
  const http = useHttpClient();
  return useMutation({
    mutationFn: (id: number) =>
      target === 'user' ? getUserAuthCode(http, id) : getInviteAuthCode(http, id),
  });
}

/** The invitations table: default sort -sent_at, pages of 10 (spec 02 §2). */
export function useInvitesInfiniteQuery(params: AdminListParams = {}, enabled = true) {
  const http = useHttpClient();
  return useInfiniteQuery({
    queryKey: adminKeys.invitesList(params),
    queryFn: ({ pageParam }) => getInvites(http, params, pageParam),
    initialPageParam: 0,
    getNextPageParam: nextAdminPage,
    enabled,
    staleTime: STALE.admin,
  });
}

function invalidateInvites(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKeys.invites() }),
    // An invitation accepted or rescinded changes no user, but a new invite of an existing
    // email is refused: keep both lists honest after a batch.
    queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  ]);
}

/**
 * Sends one invitation and resolves with its `InviteOutcome` (never rejects on a refusal); the
 * CSV import calls it row by row and stops when `shouldStopImport` says so.
 */
export function useSendInviteMutation(organisation?: string) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => sendInvite(http, email, organisation),
    onSettled: () => invalidateInvites(queryClient),
  });
}

/** Rescind: DELETE /admin/invites/{id} for each selected invitation. */
export function useRescindInvitesMutation() {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: readonly number[]) => {
      for (const id of ids) await deleteInvite(http, id);
    },
    onSettled: () => invalidateInvites(queryClient),
  });
}

export function useAdminNetworkQuery(id: number | null | undefined) {
  const http = useHttpClient();
  return useQuery({
    queryKey: adminKeys.network(id ?? -1),
    queryFn: () => getAdminNetwork(http, id ?? -1),
    enabled: id != null,
    staleTime: STALE.admin,
  });
}

export function useAdminNetworksInfiniteQuery(params: AdminListParams = {}, enabled = true) {
  const http = useHttpClient();
  return useInfiniteQuery({
    queryKey: adminKeys.networksList(params),
    queryFn: ({ pageParam }) => getAdminNetworks(http, params, pageParam),
    initialPageParam: 0,
    getNextPageParam: nextAdminPage,
    enabled,
    staleTime: STALE.admin,
  });
}

/** Create (no id) or edit (id) a network; the network lists and that network are refreshed. */
export function useSaveNetworkMutation() {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number | undefined; input: NetworkInput }) =>
      id === undefined ? createNetwork(http, input) : updateNetwork(http, id, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.networks() }),
  });
}

export function useDeleteNetworkMutation() {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteNetwork(http, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.networks() }),
  });
}

/** The organisations of the reach (the transfer and create dropdowns), all in one page. */
export function useAdminOrganisationsQuery(params: AdminListParams = {}, enabled = true) {
  const http = useHttpClient();
  return useQuery({
    queryKey: adminKeys.organisations(params),
    queryFn: () => getAdminOrganisations(http, params),
    enabled,
    staleTime: STALE.admin,
  });
}

export function usePagersInfiniteQuery(params: AdminListParams = {}, enabled = true) {
  const http = useHttpClient();
  return useInfiniteQuery({
    queryKey: adminKeys.pagers(params),
    queryFn: ({ pageParam }) => getPagers(http, params, pageParam),
    initialPageParam: 0,
    getNextPageParam: nextAdminPage,
    enabled,
    staleTime: STALE.admin,
  });
}

export function useDataExportRequestMutation() {
  const http = useHttpClient();
  return useMutation({
    mutationFn: (request: DataExportRequest) => sendExportDataRequest(http, request),
  });
}

/** The teams or advice-channels table (pages of 10, sort by name by default). */
export function useAdminTeamsInfiniteQuery(
  kind: AdminTeamKind,
  params: AdminListParams = {},
  enabled = true,
) {
  const http = useHttpClient();
  return useInfiniteQuery({
    queryKey: adminKeys.teamsList(kind, params),
    queryFn: ({ pageParam }) => getAdminTeams(http, kind, params, pageParam),
    initialPageParam: 0,
    getNextPageParam: nextAdminPage,
    enabled,
    staleTime: STALE.admin,
  });
}

export function useAdminTeamQuery(kind: AdminTeamKind, id: number | undefined) {
  const http = useHttpClient();
  return useQuery({
    queryKey: adminKeys.team(kind, id ?? -1),
    queryFn: () => getAdminTeam(http, kind, id ?? -1),
    enabled: id !== undefined,
    staleTime: STALE.admin,
  });
}

/**
 * Create (`id` undefined; `scope` picks the organisation or network) or edit (`id`, with the
 * `current` members to diff against) a team or advice channel. Resolves with the saved row or the
 * server's 400; the family's lists are cleared by key prefix afterwards.
 */
export function useSaveAdminTeamMutation(kind: AdminTeamKind) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: {
      id?: number | undefined;
      current?: readonly number[] | undefined;
      input: AdminTeamInput;
      scope?: AdminScopeParams | undefined;
      /** The edited copy's `modified_at` (issue 35: a stale edit is refused). */
      version?: string | undefined;
    }) =>
      save.id === undefined
        ? createAdminTeam(http, kind, save.input, save.scope)
        : saveAdminTeam(http, kind, save.id, save.current ?? [], save.input, save.version),
    // Refused as stale (`isEditConflict`) too: the team is read again, so the latest shows.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.teams(kind) }),
  });
}

/** Deletes the selected teams or advice channels, one call each. */
export function useDeleteAdminTeamsMutation(kind: AdminTeamKind) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: readonly number[]) => {
      for (const id of ids) await deleteAdminTeam(http, kind, id);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.teams(kind) }),
  });
}
