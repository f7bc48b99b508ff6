import { addMembersRefusal, TEXTS } from '@pando/domain';
import type { MockAdviceConversation, MockBackend, MockTeam, MockUser } from '../../backend';
import { apiError, fail, notFound } from '../util';
import type { MockScopes } from './types';

declare module './types' {
  interface MockLoaded {
    /** The team named by `:id` (`:teamId` for advice), or the team room of `:mimId`. */
    team: MockTeam;
    /** The advice conversation named by `:teamId`/`:id`, or the advice room of `:mimId`. */
    advice: MockAdviceConversation;
  }
}

/** A team the caller may read (the domain's `canReadTeam`), or the 404 of a missing one. */
function readableTeam(backend: MockBackend, viewer: MockUser, id: unknown): MockTeam {
  const team = backend.team(Number(id));
  if (!team || !backend.canSeeTeam(viewer, team)) return fail(notFound('Team'));
  return team;
}

/**
 * The teams, advice and chat-room rules (the server's apps/server/src/authz/access.ts SCOPES of
 * the same names): what the caller may not see is a 404, what they see but may not change a 403.
 */
export const teamsMockScopes: MockScopes = {
  'team:reader': (backend, { caller, params }) => ({
    team: readableTeam(backend, caller, params.id),
  }),
  'team:member': (backend, { caller, params }) => {
    const team = readableTeam(backend, caller, params.id);
    // Spec 01 §6: any member can add or remove members, rename and leave.
    if (!team.user_ids.includes(caller.id)) fail(apiError(403, TEXTS.teamMembersOnly));
    return { team };
  },
  'team:joiner': (backend, { caller, params, body }) => {
    const team = readableTeam(backend, caller, params.id);
    // Members add; a non-member of a discoverable team joins (spec 01 §6): the domain's rule.
    const refusal = addMembersRefusal(
      { id: caller.id, ...backend.placement(caller.hospital_id) },
      { ...team, ...backend.placement(team.hospital_id) },
      (body as { user_ids: number[] }).user_ids,
    );
    if (refusal) fail(apiError(403, refusal));
    return { team };
  },
  'advice-team:reader': (backend, { caller, params }) => ({
    team: readableTeam(backend, caller, params.teamId),
  }),
  'advice:participant': (backend, { caller, params }) => {
    const advice = backend.state.adviceConversations.find(
      (a) => a.id === Number(params.id) && a.team_id === Number(params.teamId),
    );
    if (!advice || !backend.takesPart(caller, advice)) return fail(notFound('Advice conversation'));
    return { advice };
  },
  // A team room or an advice room; one 404 for what the caller may not see.
  'room:participant': (backend, { caller, params }) => {
    const mimId = String(params.mimId);
    const team = backend.state.teams.find((t) => t.mim_id === mimId);
    if (team && backend.canSeeTeam(caller, team)) return { team };
    const advice = team
      ? undefined
      : backend.state.adviceConversations.find((a) => a.mim_id === mimId);
    if (!advice || !backend.takesPart(caller, advice)) return fail(notFound('Chat room'));
    return { advice };
  },
};
