import type { FastifyInstance } from 'fastify';
import {
  ADVICE_TRANSITION_ENDPOINTS,
  adviceTransition,
  displayName,
  parseEmbed,
} from '@pando/domain';
import { recordEvent } from '../analytics/record.js';
import { callerOf, loaded } from '../authz/access.js';
import { route } from '../http/endpoint.js';
import { HttpError } from '../http/errors.js';
import { one } from '../teams/repo.js';
import { postAdviceResolution } from './chatBridge.js';
import { findAdvice, lockAdvice, setAdviceResolution, toWireAdvice } from './repo.js';

/**
 * resolve, accept (Accept, Archive) and unresolve (Reject): the domain's `adviceTransition`
 * decides, under a row lock so two sides acting at once cannot both win.
 */
export function registerAdviceResolutionRoutes(app: FastifyInstance): void {
  for (const endpoint of ['resolve', 'accept', 'unresolve'] as const) {
    route(app, ADVICE_TRANSITION_ENDPOINTS[endpoint], async (req) => {
      const { user } = callerOf(req);
      const id = loaded(req, 'advice').id;
      const now = app.config.now();
      const outcome = await app.db.transaction(async (tx) => {
        await lockAdvice(tx, id);
        const a = one([await findAdvice(tx, user, id)].filter((x) => x !== undefined));
        const t = adviceTransition(a, endpoint, a.requestor_id === user.id);
        if (!t.ok)
          return {
            ok: false as const,
            error: new HttpError(t.statusCode, t.message, undefined, t.internalCode),
          };
        const resolver =
          t.resolver === 'clear' ? null : t.resolver === 'caller' ? user.id : a.resolver_id;
        await setAdviceResolution(tx, id, {
          requestorResolved: t.requestor_resolved,
          publicTeamResolved: t.public_team_resolved,
          resolverId: resolver,
          now,
        });
        if (t.requestor_resolved && t.public_team_resolved) {
          await recordEvent(tx, {
            type: 'advice_resolved',
            at: now,
            userId: user.id,
            teamId: a.team_id,
            adviceId: a.id,
          });
        }
        return {
          ok: true as const,
          a,
          action: t.action,
          closed: t.requestor_resolved && t.public_team_resolved,
        };
      });
      if (!outcome.ok) throw outcome.error;
      // Closed: the chat server refuses messages into the room from now on (issue 35).
      if (outcome.closed) app.chat.rooms.refresh(outcome.a.mim_id);
      app.events.emit('advice:changed', {
        adviceId: outcome.a.id,
        teamId: outcome.a.team_id,
        requestorId: outcome.a.requestor_id,
      });
      try {
        await postAdviceResolution(app, outcome.a.mim_id, outcome.action, displayName(user));
      } catch (err) {
        // The state change is committed; a lost system line must not turn it into an error.
        req.log.error({ err, mimId: outcome.a.mim_id }, 'advice resolution line not posted');
      }
      return toWireAdvice(
        one([await findAdvice(app.db, user, id)].filter((a) => a !== undefined)),
        parseEmbed(req.query.embed),
      );
    });
  }
}
