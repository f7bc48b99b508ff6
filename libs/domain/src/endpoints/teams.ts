import type { AdviceTransitionEndpoint } from '../advice/state';
import {
  AdviceConversationSchema,
  AdviceHistoryResponseSchema,
  ChatRoomSchema,
  CreateAdviceConversationSchema,
  CreatedAdviceConversationSchema,
  TeamsWithAdviceConversationsSchema,
} from '../advice/schemas';
import {
  TeamInputSchema,
  TeamMembersResponseSchema,
  TeamSchema,
  TeamUpdateSchema,
} from '../teams/schemas';
import { UserIdsBodySchema } from '../wire/common';
import {
  AdviceHistoryQuerySchema,
  EmbedQuerySchema,
  IdParamSchema,
  MembersQuerySchema,
  MimIdParamSchema,
  NoBodySchema,
  NoQuerySchema,
  TeamAdviceParamSchema,
  TeamIdParamSchema,
} from '../wire/params';
import { MessageResponseSchema } from '../wire/responses';
import { firstPaintEndpoints } from './firstPaint';
import { ACCESS, endpoint, type EndpointShape } from './endpoint';

/**
 * One of the three transitions of an advice conversation (spec 01 §4 "Advice conversation"):
 * PUT …/resolve, …/accept (Accept, Archive), …/unresolve (Reject). Each its own URL, as the
 * server registers them; the domain's `adviceTransition` decides.
 */
const transitionEndpoint = <const P extends string>(path: P) =>
  endpoint({
    method: 'PUT',
    path,
    params: TeamAdviceParamSchema,
    query: EmbedQuerySchema,
    body: NoBodySchema,
    responses: { 200: AdviceConversationSchema },
    access: ACCESS.scoped('advice:participant'),
  });

/**
 * Teams and forums (spec 01 §2, §5, §6), their advice conversations (spec 01 §4) and the chat
 * rooms of the inbox (spec 01 §8), API v4.
 */
export const teamsEndpoints = {
  /** The sidebar's three lists (spec 01 §2), from the response cache when nothing changed. */
  teamsWithAdviceConversations: endpoint({
    ...firstPaintEndpoints.sidebarLists,
    query: NoQuerySchema,
    responses: { 200: TeamsWithAdviceConversationsSchema },
  }),
  team: endpoint({
    method: 'GET',
    path: '/teams/:id',
    params: IdParamSchema,
    query: NoQuerySchema,
    responses: { 200: TeamSchema },
    access: ACCESS.scoped('team:reader'),
  }),
  /** The creator is always a member (spec 01 §5); only admins create advice channels. */
  createTeam: endpoint({
    method: 'POST',
    path: '/teams',
    body: TeamInputSchema,
    responses: { 201: TeamSchema },
    access: ACCESS.self,
  }),
  /** Rename, make (un)discoverable, or replace the member list: any member (spec 01 §6). */
  updateTeam: endpoint({
    method: 'PUT',
    path: '/teams/:id',
    params: IdParamSchema,
    body: TeamUpdateSchema,
    responses: { 200: TeamSchema },
    access: ACCESS.scoped('team:member'),
  }),
  members: endpoint({
    method: 'GET',
    path: '/teams/:id/members',
    params: IdParamSchema,
    query: MembersQuerySchema,
    responses: { 200: TeamMembersResponseSchema },
    access: ACCESS.scoped('team:reader'),
  }),
  /** Members add; a non-member adds only themself to a discoverable team: "join" (spec 01 §6). */
  addMembers: endpoint({
    method: 'POST',
    path: '/teams/:id/members/add',
    params: IdParamSchema,
    body: UserIdsBodySchema,
    responses: { 200: TeamSchema },
    access: ACCESS.scoped('team:joiner'),
  }),
  removeMembers: endpoint({
    method: 'POST',
    path: '/teams/:id/members/remove',
    params: IdParamSchema,
    body: UserIdsBodySchema,
    responses: { 200: TeamSchema },
    access: ACCESS.scoped('team:member'),
  }),
  leave: endpoint({
    method: 'POST',
    path: '/teams/:id/leave',
    params: IdParamSchema,
    body: NoBodySchema,
    responses: { 200: MessageResponseSchema },
    access: ACCESS.scoped('team:member'),
  }),
  /** Opens an advice conversation; `message` becomes the requester's first message. */
  createAdvice: endpoint({
    method: 'POST',
    path: '/teams/:teamId/advice-conversations',
    params: TeamIdParamSchema,
    body: CreateAdviceConversationSchema,
    responses: { 201: CreatedAdviceConversationSchema },
    access: ACCESS.scoped('advice-team:reader'),
  }),
  /** The caller's advice history (spec 01 §7). */
  adviceHistory: endpoint({
    method: 'GET',
    path: '/teams/advice-conversations',
    query: AdviceHistoryQuerySchema,
    responses: { 200: AdviceHistoryResponseSchema },
    access: ACCESS.self,
  }),
  advice: endpoint({
    method: 'GET',
    path: '/teams/:teamId/advice-conversations/:id',
    params: TeamAdviceParamSchema,
    query: EmbedQuerySchema,
    responses: { 200: AdviceConversationSchema },
    access: ACCESS.scoped('advice:participant'),
  }),
  resolveAdvice: transitionEndpoint('/teams/:teamId/advice-conversations/:id/resolve'),
  acceptAdvice: transitionEndpoint('/teams/:teamId/advice-conversations/:id/accept'),
  unresolveAdvice: transitionEndpoint('/teams/:teamId/advice-conversations/:id/unresolve'),
  /** Mails a readable transcript to the caller's own address (spec 01 §4). */
  adviceTranscriptEmail: endpoint({
    method: 'POST',
    path: '/teams/:teamId/advice-conversations/:id/export-to-email',
    params: TeamAdviceParamSchema,
    body: NoBodySchema,
    responses: { 200: MessageResponseSchema },
    access: ACCESS.scoped('advice:participant'),
  }),
  /** What a room of the inbox is: a team (or forum) or an advice conversation (spec 01 §8). */
  chatRoom: endpoint({
    method: 'GET',
    path: '/chat-room/:mimId',
    params: MimIdParamSchema,
    query: EmbedQuerySchema,
    responses: { 200: ChatRoomSchema },
    access: ACCESS.scoped('room:participant'),
  }),
} satisfies Record<string, EndpointShape>;

/** The transition endpoint of each advice action (PUT …/{action}). */
export const ADVICE_TRANSITION_ENDPOINTS = {
  resolve: teamsEndpoints.resolveAdvice,
  accept: teamsEndpoints.acceptAdvice,
  unresolve: teamsEndpoints.unresolveAdvice,
} as const satisfies Record<AdviceTransitionEndpoint, EndpointShape>;
