import { FiltersQuerySchema } from '../search/query';
import { SearchResponseWireSchema } from '../search/results';
import { TeamListResponseSchema } from '../teams/schemas';
import {
  SetOwnStatusBodySchema,
  UserSchema,
  UserStatusEntrySchema,
  UsersStatusesQuerySchema,
  UsersStatusesResponseSchema,
} from '../users/schemas';
import { EmbedQuerySchema, NoQuerySchema, UserIdOrUuidParamSchema } from '../wire/params';
import { ACCESS, endpoint } from './endpoint';

/** People (spec 01 §2 profile, statuses, §7) and the search of people and teams (`/filters`). */
export const usersEndpoints = {
  /** Ids are user uuids; only the people the caller may see answer. */
  statuses: endpoint({
    method: 'GET',
    path: '/users/statuses',
    query: UsersStatusesQuerySchema,
    responses: { 200: UsersStatusesResponseSchema },
    access: ACCESS.self,
  }),
  /** A person sets their own availability (UNKNOWN cannot be chosen). */
  setOwnStatus: endpoint({
    method: 'PUT',
    path: '/users/me/status',
    body: SetOwnStatusBodySchema,
    responses: { 200: UserStatusEntrySchema },
    access: ACCESS.self,
  }),
  /** By REST id or uuid; `?embed=hospital` adds the organisation. */
  user: endpoint({
    method: 'GET',
    path: '/users/:id',
    params: UserIdOrUuidParamSchema,
    query: EmbedQuerySchema,
    responses: { 200: UserSchema },
    access: ACCESS.scoped('user:network'),
  }),
  /** A person's teams the caller may see (private teams only if the caller is in them). */
  userTeams: endpoint({
    method: 'GET',
    path: '/users/:id/teams',
    params: UserIdOrUuidParamSchema,
    query: NoQuerySchema,
    responses: { 200: TeamListResponseSchema },
    access: ACCESS.scoped('user:network'),
  }),
  /** Spec 01 §2 "Search": people, then teams, forums and advice channels, paged together. */
  search: endpoint({
    method: 'GET',
    path: '/filters',
    query: FiltersQuerySchema,
    responses: { 200: SearchResponseWireSchema },
    access: ACCESS.self,
  }),
};
