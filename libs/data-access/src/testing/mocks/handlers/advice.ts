import { HttpResponse } from 'msw';
import {
  ADVICE_TRANSITION_ENDPOINTS,
  adviceTransition,
  INTERNAL_CODES,
  isAdviceTeam,
  teamsEndpoints as e,
  TEXTS,
} from '@pando/domain';
import type { MockAdviceConversation, MockBackend } from '../backend';
import { declaredHandlers } from './endpoint';
import type { MockLoaded } from './scopes';
import { apiError, fail, notFound, wireAdvice } from './util';

/** The conversation its scope rule loaded (scopes/teams.ts `advice:participant`). */
const adviceOf = (loaded: Partial<MockLoaded>): MockAdviceConversation =>
  loaded.advice ?? fail(notFound('Advice conversation'));

/**
 * Advice conversations (spec 01 §4 "Advice conversation", §7), from their declarations
 * (@pando/domain teamsEndpoints). The state changes follow the domain's `adviceTransition`, the
 * rule the server enforces too.
 */
export function adviceHandlers(backend: MockBackend) {
  const handle = declaredHandlers(backend);
  return [
    handle(e.adviceHistory, ({ caller, query: { limit, offset, accepted } }) => {
      const all = backend.state.adviceConversations
        .filter((a) => backend.takesPart(caller, a))
        .filter((a) => accepted !== 'true' || (a.requestor_resolved && a.public_team_resolved))
        .sort((a, b) => b.modified_at.localeCompare(a.modified_at) || b.id - a.id);
      return HttpResponse.json({
        results: all.slice(offset, offset + limit).map((a) => wireAdvice(backend, a)),
        total_count: all.length,
      });
    }),
    handle(e.createAdvice, ({ caller, loaded, body }) => {
      const team = loaded.team ?? fail(notFound('Team'));
      // As the server: a team that is not (or no longer) an advice channel is a 409.
      if (!isAdviceTeam(team))
        return apiError(409, TEXTS.adviceTeamInactive, {
          internalCode: INTERNAL_CODES.ADVICE_TEAM_NOT_ACTIVE,
        });
      const id = backend.nextId('adviceConversations');
      const advice: MockAdviceConversation = {
        id,
        mim_id: `advice-${id}`,
        team_id: team.id,
        requestor_id: caller.id,
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
    handle(e.advice, ({ loaded }) => HttpResponse.json(wireAdvice(backend, adviceOf(loaded)))),
    // resolve, accept (Accept, Archive), unresolve (Reject): the domain's rule decides, as on
    // the server.
    ...(['resolve', 'accept', 'unresolve'] as const).map((action) =>
      handle(ADVICE_TRANSITION_ENDPOINTS[action], ({ caller, loaded }) => {
        const a = adviceOf(loaded);
        const t = adviceTransition(a, action, a.requestor_id === caller.id);
        if (!t.ok)
          return apiError(
            t.statusCode,
            t.message,
            t.internalCode ? { internalCode: t.internalCode } : {},
          );
        a.requestor_resolved = t.requestor_resolved;
        a.public_team_resolved = t.public_team_resolved;
        a.resolver_id =
          t.resolver === 'clear' ? null : t.resolver === 'caller' ? caller.id : a.resolver_id;
        a.accepted = a.requestor_resolved && a.public_team_resolved;
        a.modified_at = backend.timestamp();
        return HttpResponse.json(wireAdvice(backend, a));
      }),
    ),
    handle(e.adviceTranscriptEmail, ({ caller, loaded }) => {
      const a = adviceOf(loaded);
      backend.sendMail({
        to: caller.email,
        subject: `Advice conversation ${a.id}`,
        text: `Export of advice conversation ${a.id} with ${backend.teamOfAdvice(a)?.name ?? 'a team'}.`,
      });
      return HttpResponse.json({ message: `Email sent to ${caller.email}` });
    }),
  ];
}
