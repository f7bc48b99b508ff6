import type { FastifyInstance } from 'fastify';
import { adviceWriteRefusal, TEXTS, uploadsEndpoints } from '@pando/domain';
import { callerOf, loaded } from '../authz/access.js';
import { route } from '../http/endpoint.js';
import { HttpError, notFound } from '../http/errors.js';
import { addShare, adviceShareFacts, canShareTo, type ShareTarget } from './access.js';

/**
 * Sharing a chat image (spec 01 §5): POST /images/chat/{id}/share/{users|teams|
 * advice-conversation}/{targetId}, by whoever may see it, into a target they may share to.
 */
export function registerChatImageShareRoutes(app: FastifyInstance): void {
  const e = uploadsEndpoints;
  const shareRoute = (
    declaration:
      | typeof e.shareChatImageWithUser
      | typeof e.shareChatImageWithTeam
      | typeof e.shareChatImageWithAdvice,
    target: ShareTarget,
    what: string,
  ) => {
    route(app, declaration, async (req) => {
      const { user } = callerOf(req);
      const img = loaded(req, 'image');
      const { targetId } = req.params;
      if (target === 'advice_conversation') {
        const facts = await adviceShareFacts(app.db, user, targetId);
        if (!facts.participant) throw notFound(what);
        // A closed advice conversation is read-only (issue 35): no image is added to it.
        if (adviceWriteRefusal(facts)) throw new HttpError(409, TEXTS.adviceClosedWrite);
      } else if (!(await canShareTo(app.db, user, target, targetId))) throw notFound(what);
      await addShare(
        app.db,
        { type: 'image', id: img.id },
        target,
        targetId,
        user.id,
        app.config.now(),
      );
      return { id: img.id, access_type: 'READ' as const };
    });
  };
  shareRoute(e.shareChatImageWithUser, 'user', 'User');
  shareRoute(e.shareChatImageWithTeam, 'team', 'Team');
  shareRoute(e.shareChatImageWithAdvice, 'advice_conversation', 'Advice conversation');
}
