import type { FastifyInstance } from 'fastify';
import { INTERNAL_CODES, parseEmbed, teamsEndpoints, TEXTS } from '@pando/domain';
import { callerOf, loaded } from '../authz/access.js';
import { route } from '../http/endpoint.js';
import { HttpError } from '../http/errors.js';
import { isAdviceRecord, newMimId, uuidsOf } from '../teams/repo.js';
import { postAsUser } from './chatBridge.js';
import { adviceHistoryPage, insertAdvice, toWireAdvice } from './repo.js';

export const adviceTeamNotActive = () =>
  new HttpError(409, TEXTS.adviceTeamInactive, undefined, INTERNAL_CODES.ADVICE_TEAM_NOT_ACTIVE);

/** Asking for advice: opening a conversation, the caller's history, one conversation. */
export function registerAdviceRequestRoutes(app: FastifyInstance): void {
  const e = teamsEndpoints;

  /**
   * Opens an advice conversation with an advice team of the caller's network: a room holding the
   * requester and the team's members, with `message` posted as the requester's first message.
   */
  route(app, e.createAdvice, async (req, reply) => {
    const auth = callerOf(req);
    const { user } = auth;
    const team = loaded(req, 'team');
    const { message } = req.body;
    if (!isAdviceRecord(team)) throw adviceTeamNotActive();
    const now = app.config.now();
    const mimId = newMimId();
    const id = await app.db.transaction((tx) =>
      insertAdvice(tx, { mimId, teamId: team.id, requestorId: user.id, now }),
    );
    app.events.emit('advice:changed', { adviceId: id, teamId: team.id, requestorId: user.id });
    await app.chat.rooms.setAffiliations(mimId, {
      added: await uuidsOf(app.db, [user.id, ...team.user_ids]),
    });
    await postAsUser(
      app,
      mimId,
      { uuid: user.uuid, userId: user.id, sessionId: auth.sessionId },
      message,
      team.name,
    );
    reply.code(201);
    return { id, mim_id: mimId };
  });

  route(app, e.adviceHistory, async (req) => {
    const { user } = callerOf(req);
    const q = req.query;
    const { rows, total } = await adviceHistoryPage(app.db, user.id, q);
    const embed = parseEmbed(q.embed);
    return { results: rows.map((a) => toWireAdvice(a, embed)), total_count: total };
  });

  route(app, e.advice, (req) =>
    Promise.resolve(toWireAdvice(loaded(req, 'advice'), parseEmbed(req.query.embed))),
  );
}
