import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdviceConversationSchema,
  AdviceHistoryQuerySchema,
  AdviceHistoryResponseSchema,
  CreateAdviceConversationSchema,
  CreatedAdviceConversationSchema,
  EmbedQuerySchema,
  INTERNAL_CODES,
  parseEmbed,
  TeamAdviceParamSchema,
  TeamIdParamSchema,
  TEXTS,
} from '@pando/domain';
import { callerOf, loaded, scoped, SELF } from '../authz/access.js';
import { HttpError } from '../http/errors.js';
import { ERROR_RESPONSES } from '../http/routeShape.js';
import { isAdviceRecord, newMimId, uuidsOf } from '../teams/repo.js';
import { postAsUser } from './chatBridge.js';
import { adviceHistoryPage, insertAdvice, toWireAdvice } from './repo.js';

export const adviceTeamNotActive = () =>
  new HttpError(409, TEXTS.adviceTeamInactive, undefined, INTERNAL_CODES.ADVICE_TEAM_NOT_ACTIVE);

/** Asking for advice: opening a conversation, the caller's history, one conversation. */
export function registerAdviceRequestRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /**
   * Opens an advice conversation with an advice team of the caller's network: a room holding the
   * requester and the team's members, with `message` posted as the requester's first message.
   */
  r.post(
    '/teams/:teamId/advice-conversations',
    {
      schema: {
        params: TeamIdParamSchema,
        body: CreateAdviceConversationSchema,
        response: { 201: CreatedAdviceConversationSchema, ...ERROR_RESPONSES },
      },
      config: { access: scoped('advice-team:reader') },
    },
    async (req, reply) => {
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
    },
  );

  r.get(
    '/teams/advice-conversations',
    {
      schema: {
        querystring: AdviceHistoryQuerySchema,
        response: { 200: AdviceHistoryResponseSchema, ...ERROR_RESPONSES },
      },
      config: { access: SELF },
    },
    async (req) => {
      const { user } = callerOf(req);
      const q = req.query;
      const { rows, total } = await adviceHistoryPage(app.db, user.id, q);
      const embed = parseEmbed(q.embed);
      return { results: rows.map((a) => toWireAdvice(a, embed)), total_count: total };
    },
  );

  r.get(
    '/teams/:teamId/advice-conversations/:id',
    {
      schema: {
        params: TeamAdviceParamSchema,
        querystring: EmbedQuerySchema,
        response: { 200: AdviceConversationSchema, ...ERROR_RESPONSES },
      },
      config: { access: scoped('advice:participant') },
    },
    (req) => Promise.resolve(toWireAdvice(loaded(req, 'advice'), parseEmbed(req.query.embed))),
  );
}
