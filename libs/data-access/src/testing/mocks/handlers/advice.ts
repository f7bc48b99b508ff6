import { HttpResponse } from 'msw';
import { http } from './http';
import {
  adviceTransition,
  CreateAdviceConversationSchema,
  INTERNAL_CODES,
  isAdviceTeam,
  TEXTS,
} from '@pando/domain';
import type { MockAdviceConversation, MockBackend, MockUser } from '../backend';
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
} from './util';

function involved(backend: MockBackend, viewer: MockUser, a: MockAdviceConversation) {
  return (
    a.requestor_id === viewer.id || (backend.team(a.team_id)?.user_ids.includes(viewer.id) ?? false)
  );
}

function conversation(
  backend: MockBackend,
  viewer: MockUser,
  params: Record<string, string | readonly string[] | undefined>,
): MockAdviceConversation {
  const teamId = numberParam(params.teamId, 'teamId');
  const id = numberParam(params.id, 'id');
  const found = backend.state.adviceConversations.find((a) => a.id === id && a.team_id === teamId);
  if (!found || !involved(backend, viewer, found)) return fail(notFound('Advice conversation'));
  return found;
}

/**
 * Advice conversations (spec 01 §4 "Advice conversation", §7). The state changes follow the
 * domain's `adviceTransition`, the rule the server enforces too.
 */
export function adviceHandlers(backend: MockBackend) {
  const touch = (a: MockAdviceConversation) => {
    a.modified_at = backend.timestamp();
  };
  return [
    http.get(
      api('/teams/advice-conversations'),
      guard(({ request, cookies }) => {
        const viewer = requireUser(backend, cookies, request);
        const url = new URL(request.url);
        const limit = Math.min(numberParam(url.searchParams.get('limit') ?? '20', 'limit'), 100);
        const offset = numberParam(url.searchParams.get('offset') ?? '0', 'offset');
        const acceptedOnly = url.searchParams.get('accepted') === 'true';
        const all = backend.state.adviceConversations
          .filter((a) => involved(backend, viewer, a))
          .filter((a) => !acceptedOnly || (a.requestor_resolved && a.public_team_resolved))
          .sort((a, b) => b.modified_at.localeCompare(a.modified_at) || b.id - a.id);
        return HttpResponse.json({
          results: all.slice(offset, offset + limit).map((a) => wireAdvice(backend, a)),
          total_count: all.length,
        });
      }),
    ),
    http.post(
      api('/teams/:teamId/advice-conversations'),
      guard(async ({ request, cookies, params }) => {
        const viewer = requireUser(backend, cookies, request);
        const team = backend.team(numberParam(params.teamId, 'teamId'));
        if (!team || !backend.canSeeTeam(viewer, team)) return notFound('Team');
        // As the server: a team that is not (or no longer) an advice channel is a 409.
        if (!isAdviceTeam(team))
          return apiError(409, TEXTS.adviceTeamInactive, {
            internalCode: INTERNAL_CODES.ADVICE_TEAM_NOT_ACTIVE,
          });
        const body = await parseBody(request, CreateAdviceConversationSchema);
        const id = backend.nextId('adviceConversations');
        const advice: MockAdviceConversation = {
          id,
          mim_id: `advice-${id}`,
          team_id: team.id,
          requestor_id: viewer.id,
          requestor_resolved: false,
          public_team_resolved: false,
          resolver_id: null,
          accepted: false,
          first_message: body.message,
          modified_at: backend.timestamp(),
          created_at: backend.timestamp(),
        };
        backend.state.adviceConversations.push(advice);
        return HttpResponse.json({ id: advice.id, mim_id: advice.mim_id }, { status: 201 });
      }),
    ),
    http.get(
      api('/teams/:teamId/advice-conversations/:id'),
      guard(({ request, cookies, params }) => {
        const viewer = requireUser(backend, cookies, request);
        return HttpResponse.json(wireAdvice(backend, conversation(backend, viewer, params)));
      }),
    ),
    // resolve, accept (Accept, Archive), unresolve (Reject): the domain's rule decides, as on
    // the server.
    ...(['resolve', 'accept', 'unresolve'] as const).map((endpoint) =>
      http.put(
        api(`/teams/:teamId/advice-conversations/:id/${endpoint}`),
        guard(({ request, cookies, params }) => {
          const viewer = requireUser(backend, cookies, request);
          const a = conversation(backend, viewer, params);
          const t = adviceTransition(a, endpoint, a.requestor_id === viewer.id);
          if (!t.ok)
            return fail(
              apiError(
                t.statusCode,
                t.message,
                t.internalCode ? { internalCode: t.internalCode } : {},
              ),
            );
          a.requestor_resolved = t.requestor_resolved;
          a.public_team_resolved = t.public_team_resolved;
          a.resolver_id =
            t.resolver === 'clear' ? null : t.resolver === 'caller' ? viewer.id : a.resolver_id;
          a.accepted = a.requestor_resolved && a.public_team_resolved;
          touch(a);
          return HttpResponse.json(wireAdvice(backend, a));
        }),
      ),
    ),
    http.post(
      api('/teams/:teamId/advice-conversations/:id/export-to-email'),
      guard(({ request, cookies, params }) => {
        const viewer = requireUser(backend, cookies, request);
        const a = conversation(backend, viewer, params);
        backend.sendMail({
          to: viewer.email,
          subject: `Advice conversation ${a.id}`,
          text: `Export of advice conversation ${a.id} with ${backend.team(a.team_id)?.name ?? 'a team'}.`,
        });
        return HttpResponse.json({ message: `Email sent to ${viewer.email}` });
      }),
    ),
  ];
}
