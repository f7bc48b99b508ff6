import {
  compareTeamsByName,
  createTeamRefusal,
  fieldError,
  isAdviceClosed,
  TEXTS,
  teamsEndpoints as e,
  textsWith,
  validateMembers,
} from '@pando/domain';
import { HttpResponse } from 'msw';
import type { MockBackend, MockTeam, MockUser } from '../backend';
import { declaredHandlers } from './endpoint';
import type { MockLoaded } from './scopes';
import { apiError, apiErrorOf, fail, notFound, wireAdvice, wireTeam, wireUser } from './util';
import { refuseStale, touch } from './versions';

function checkAddable(backend: MockBackend, viewer: MockUser, ids: number[]) {
  for (const id of ids) {
    const user = backend.userById(id);
    if (!user || !backend.canSee(viewer, user))
      fail(apiErrorOf(fieldError('user_ids', `no such user ${id}`)));
  }
}

/** The team its scope rule loaded (scopes/teams.ts). */
const teamOf = (loaded: Partial<MockLoaded>): MockTeam => loaded.team ?? fail(notFound('Team'));

/**
 * Teams and forums (spec 01 §7 "Teams and chat") and the inbox's rooms, from their declarations
 * (@pando/domain teamsEndpoints); who may call them is scopes/teams.ts.
 */
export function teamHandlers(backend: MockBackend) {
  const handle = declaredHandlers(backend);
  return [
    handle(e.teamsWithAdviceConversations, ({ caller }) => {
      // The server's order: by name, case-insensitively, equal names by id.
      const mine = backend.state.teams
        .filter((t) => t.user_ids.includes(caller.id))
        .sort(compareTeamsByName);
      return HttpResponse.json({
        teams: mine.filter((t) => !backend.isForum(t)).map((t) => wireTeam(t, caller)),
        forums: mine.filter((t) => backend.isForum(t)).map((t) => wireTeam(t, caller)),
        // As the server: a conversation both sides have closed lives in the advice history only;
        // the team's side is every member of the question's team, an advice channel still or not.
        advice_conversations: backend.state.adviceConversations
          .filter((a) => !isAdviceClosed(a) && backend.takesPart(caller, a))
          // The server's order: latest activity first (modified_at desc, id desc).
          .sort((a, b) => b.modified_at.localeCompare(a.modified_at) || b.id - a.id)
          .map((a) => wireAdvice(backend, a)),
      });
    }),
    handle(e.createTeam, ({ caller, body }) => {
      const refusal = createTeamRefusal(caller.access_level, body);
      if (refusal) fail(apiError(403, refusal));
      checkAddable(backend, caller, body.user_ids);
      const id = backend.nextId('teams');
      const team: MockTeam = {
        id,
        name: body.name,
        mim_id: `team-${id}`,
        hospital_id: caller.hospital_id,
        // The creator is always a member (spec 01 §5 "user_ids holding the creator").
        user_ids: [...new Set([caller.id, ...body.user_ids])],
        discoverable: body.discoverable,
        auto_accept: false,
        public_data: { enabled: false, tips: [], resolved_issues: [], ...body.public_data },
      };
      backend.state.teams.push(team);
      return HttpResponse.json(wireTeam(team, caller), { status: 201 });
    }),
    handle(e.team, ({ caller, loaded }) => HttpResponse.json(wireTeam(teamOf(loaded), caller))),
    handle(e.updateTeam, ({ caller, loaded, body, request }) => {
      const team = teamOf(loaded);
      refuseStale(request, team, body.modified_at);
      if (body.user_ids) {
        // Spec 02 §5: at least one member (the domain's rule, as on the server).
        const problem = validateMembers(body.user_ids);
        if (problem)
          fail(apiError(400, problem, { details: [{ path: 'user_ids', message: problem }] }));
        checkAddable(backend, caller, body.user_ids);
        team.user_ids = [...new Set(body.user_ids)];
      }
      if (body.name !== undefined) team.name = body.name;
      if (body.discoverable !== undefined) team.discoverable = body.discoverable;
      touch(backend, team);
      return HttpResponse.json(wireTeam(team, caller));
    }),
    handle(e.members, ({ loaded, query: { limit, offset, embed } }) => {
      const withHospital = (embed ?? '').split(',').includes('hospital');
      const results = teamOf(loaded)
        .user_ids.map((id) => backend.userById(id))
        .filter((u): u is MockUser => u !== undefined)
        .sort((a, b) => a.id - b.id)
        .slice(offset, offset + limit)
        .map((u) => wireUser(backend, u, withHospital));
      return HttpResponse.json({ results });
    }),
    handle(e.addMembers, ({ caller, loaded, body: { user_ids } }) => {
      const team = teamOf(loaded);
      checkAddable(backend, caller, user_ids);
      const before = team.user_ids.length;
      team.user_ids = [...new Set([...team.user_ids, ...user_ids])];
      if (team.user_ids.length !== before) touch(backend, team);
      return HttpResponse.json(wireTeam(team, caller));
    }),
    handle(e.removeMembers, ({ caller, loaded, body: { user_ids } }) => {
      const team = teamOf(loaded);
      const before = team.user_ids.length;
      team.user_ids = team.user_ids.filter((id) => !user_ids.includes(id));
      if (team.user_ids.length !== before) touch(backend, team);
      return HttpResponse.json(wireTeam(team, caller));
    }),
    handle(e.leave, ({ caller, loaded }) => {
      const team = teamOf(loaded);
      team.user_ids = team.user_ids.filter((id) => id !== caller.id);
      touch(backend, team);
      return HttpResponse.json({ message: textsWith.youLeft(team.name) });
    }),
    handle(e.chatRoom, ({ caller, loaded: { team, advice } }) => {
      if (team) return HttpResponse.json({ type: 'TEAM', entity: wireTeam(team, caller) });
      if (!advice) return notFound('Chat room');
      if (!backend.teamOfAdvice(advice)?.public_data.enabled)
        return apiError(409, TEXTS.adviceTeamInactive, { internalCode: 'ADVICE_TEAM_NOT_ACTIVE' });
      return HttpResponse.json({
        type: 'ADVICE_CONVERSATION',
        entity: wireAdvice(backend, advice),
      });
    }),
  ];
}
