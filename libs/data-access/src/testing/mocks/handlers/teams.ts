import {
  addMembersRefusal,
  createTeamRefusal,
  TeamInputSchema,
  TeamUpdateSchema,
  UserIdsBodySchema,
  validateMembers,
  TEXTS,
} from '@pando/domain';
import { HttpResponse } from 'msw';
import { http } from './http';
import type { MockBackend, MockTeam, MockUser } from '../backend';
import { guard } from './guard';
import {
  api,
  apiError,
  fail,
  notFound,
  numberParam,
  parseBody,
  requireUser,
  wireAdvice,
  wireTeam,
  wireUser,
} from './util';
import { refuseStale, touch } from './versions';

function visibleTeam(
  backend: MockBackend,
  viewer: MockUser,
  raw: string | readonly string[] | undefined,
): MockTeam {
  const team = backend.team(numberParam(raw, 'id'));
  if (!team || !backend.canSeeTeam(viewer, team)) return fail(notFound('Team'));
  return team;
}

function memberTeam(
  backend: MockBackend,
  viewer: MockUser,
  raw: string | readonly string[] | undefined,
): MockTeam {
  const team = visibleTeam(backend, viewer, raw);
  // Spec 01 §6: any member can add or remove members and rename.
  if (!team.user_ids.includes(viewer.id)) fail(apiError(403, TEXTS.teamMembersOnly));
  return team;
}

function checkAddable(backend: MockBackend, viewer: MockUser, ids: number[]) {
  for (const id of ids) {
    const user = backend.userById(id);
    if (!user || !backend.canSee(viewer, user)) {
      fail(
        apiError(400, 'Invalid request: user_ids', {
          details: [{ path: 'user_ids', message: `no such user ${id}` }],
        }),
      );
    }
  }
}

/** Teams and forums (spec 01 §7 "Teams and chat"). */
export function teamHandlers(backend: MockBackend) {
  return [
    http.get(
      api('/teams-with-advices-conversations'),
      guard(({ request, cookies }) => {
        const viewer = requireUser(backend, cookies, request);
        const mine = backend.state.teams.filter((t) => t.user_ids.includes(viewer.id));
        const adviceTeams = new Set(
          backend.state.teams.filter((t) => t.public_data.enabled).map((t) => t.id),
        );
        return HttpResponse.json({
          teams: mine.filter((t) => !backend.isForum(t)).map((t) => wireTeam(t, viewer)),
          forums: mine.filter((t) => backend.isForum(t)).map((t) => wireTeam(t, viewer)),
          advice_conversations: backend.state.adviceConversations
            .filter(
              (a) =>
                a.requestor_id === viewer.id ||
                (adviceTeams.has(a.team_id) &&
                  backend.team(a.team_id)?.user_ids.includes(viewer.id)),
            )
            .map((a) => wireAdvice(backend, a)),
        });
      }),
    ),
    http.post(
      api('/teams'),
      guard(async ({ request, cookies }) => {
        const viewer = requireUser(backend, cookies, request);
        const body = await parseBody(request, TeamInputSchema);
        const refusal = createTeamRefusal(viewer.access_level, body);
        if (refusal) fail(apiError(403, refusal));
        checkAddable(backend, viewer, body.user_ids);
        const id = backend.nextId('teams');
        const team: MockTeam = {
          id,
          name: body.name,
          mim_id: `team-${id}`,
          hospital_id: viewer.hospital_id,
          // The creator is always a member (spec 01 §5 "user_ids holding the creator").
          user_ids: [...new Set([viewer.id, ...body.user_ids])],
          discoverable: body.discoverable,
          auto_accept: false,
          public_data: { enabled: false, tips: [], resolved_issues: [], ...body.public_data },
        };
        backend.state.teams.push(team);
        return HttpResponse.json(wireTeam(team, viewer), { status: 201 });
      }),
    ),
    http.get(
      api('/teams/:id'),
      guard(({ request, cookies, params }) => {
        const viewer = requireUser(backend, cookies, request);
        return HttpResponse.json(wireTeam(visibleTeam(backend, viewer, params.id), viewer));
      }),
    ),
    http.put(
      api('/teams/:id'),
      guard(async ({ request, cookies, params }) => {
        const viewer = requireUser(backend, cookies, request);
        const team = memberTeam(backend, viewer, params.id);
        const body = await parseBody(request, TeamUpdateSchema);
        refuseStale(request, team, body.modified_at);
        if (body.user_ids) {
          // Spec 02 §5: at least one member (the domain's rule, as on the server).
          const problem = validateMembers(body.user_ids);
          if (problem)
            fail(apiError(400, problem, { details: [{ path: 'user_ids', message: problem }] }));
          checkAddable(backend, viewer, body.user_ids);
          team.user_ids = [...new Set(body.user_ids)];
        }
        if (body.name !== undefined) team.name = body.name;
        if (body.discoverable !== undefined) team.discoverable = body.discoverable;
        touch(backend, team);
        return HttpResponse.json(wireTeam(team, viewer));
      }),
    ),
    http.get(
      api('/teams/:id/members'),
      guard(({ request, cookies, params }) => {
        const viewer = requireUser(backend, cookies, request);
        const team = visibleTeam(backend, viewer, params.id);
        const url = new URL(request.url);
        const limit = Math.min(Number(url.searchParams.get('limit') ?? 1000), 1000);
        const offset = Number(url.searchParams.get('offset') ?? 0);
        const withHospital = (url.searchParams.get('embed') ?? '').split(',').includes('hospital');
        const results = team.user_ids
          .map((id) => backend.userById(id))
          .filter((u): u is MockUser => u !== undefined)
          .sort((a, b) => a.id - b.id)
          .slice(offset, offset + limit)
          .map((u) => wireUser(backend, u, withHospital));
        return HttpResponse.json({ results });
      }),
    ),
    http.post(
      api('/teams/:id/members/add'),
      guard(async ({ request, cookies, params }) => {
        const viewer = requireUser(backend, cookies, request);
        const team = visibleTeam(backend, viewer, params.id);
        const { user_ids } = await parseBody(request, UserIdsBodySchema);
        // Members add; a non-member of a discoverable team joins (spec 01 §6): the domain's rule.
        const refusal = addMembersRefusal(
          { id: viewer.id, ...backend.placement(viewer.hospital_id) },
          { ...team, ...backend.placement(team.hospital_id) },
          user_ids,
        );
        if (refusal) fail(apiError(403, refusal));
        checkAddable(backend, viewer, user_ids);
        const before = team.user_ids.length;
        team.user_ids = [...new Set([...team.user_ids, ...user_ids])];
        if (team.user_ids.length !== before) touch(backend, team);
        return HttpResponse.json(wireTeam(team, viewer));
      }),
    ),
    http.post(
      api('/teams/:id/members/remove'),
      guard(async ({ request, cookies, params }) => {
        const viewer = requireUser(backend, cookies, request);
        const team = memberTeam(backend, viewer, params.id);
        const { user_ids } = await parseBody(request, UserIdsBodySchema);
        const before = team.user_ids.length;
        team.user_ids = team.user_ids.filter((id) => !user_ids.includes(id));
        if (team.user_ids.length !== before) touch(backend, team);
        return HttpResponse.json(wireTeam(team, viewer));
      }),
    ),
    http.post(
      api('/teams/:id/leave'),
      guard(({ request, cookies, params }) => {
        const viewer = requireUser(backend, cookies, request);
        const team = memberTeam(backend, viewer, params.id);
        team.user_ids = team.user_ids.filter((id) => id !== viewer.id);
        touch(backend, team);
        return new HttpResponse(null, { status: 204 });
      }),
    ),
    http.get(
      api('/chat-room/:mimId'),
      guard(({ request, cookies, params }) => {
        const viewer = requireUser(backend, cookies, request);
        const mimId = String(params.mimId);
        const team = backend.state.teams.find((t) => t.mim_id === mimId);
        if (team && backend.canSeeTeam(viewer, team)) {
          return HttpResponse.json({ type: 'TEAM', entity: wireTeam(team, viewer) });
        }
        const advice = backend.state.adviceConversations.find((a) => a.mim_id === mimId);
        const adviceTeam = advice ? backend.team(advice.team_id) : undefined;
        if (
          advice &&
          (advice.requestor_id === viewer.id || adviceTeam?.user_ids.includes(viewer.id))
        ) {
          if (!adviceTeam?.public_data.enabled) {
            return apiError(409, TEXTS.adviceTeamInactive, {
              internalCode: 'ADVICE_TEAM_NOT_ACTIVE',
            });
          }
          return HttpResponse.json({
            type: 'ADVICE_CONVERSATION',
            entity: wireAdvice(backend, advice),
          });
        }
        return notFound('Chat room');
      }),
    ),
  ];
}
