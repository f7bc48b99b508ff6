import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  cardShareRefusal,
  type CardShareTarget,
  isForum,
  patientsEndpoints,
  TEXTS,
} from '@pando/domain';
import { auditChange } from '../audit/hooks.js';
import { callerOf, loaded } from '../authz/access.js';
import { route } from '../http/endpoint.js';
import { HttpError, notFound } from '../http/errors.js';
import { adviceShareFacts, canShareTo, type ShareTarget } from '../uploads/access.js';
import { announceCardChange, cardAudience } from './cache.js';
import { addCardShare, memberTeam } from './repo.js';

const SHARE_AUDIT = { action: 'card.share', resource: 'card', change: true } as const;

/** Shares a card into a chat (access_type READ): a person, a team or an advice conversation. */
async function share(
  app: FastifyInstance,
  req: FastifyRequest<{ Params: { id: number; targetId: number } }>,
  target: ShareTarget,
) {
  const { user } = callerOf(req);
  const card = loaded(req, 'card');
  const { targetId } = req.params;
  const facts: CardShareTarget =
    target === 'team'
      ? await memberTeam(app.db, user.id, targetId).then((t) => ({
          kind: 'team' as const,
          member: t !== undefined,
          forum: t !== undefined && isForum(t),
        }))
      : target === 'user'
        ? { kind: 'user', reachable: await canShareTo(app.db, user, 'user', targetId) }
        : {
            kind: 'advice',
            ...(await adviceShareFacts(app.db, user, targetId)),
          };
  const refusal = cardShareRefusal(facts);
  if (refusal === 'forum') throw new HttpError(403, TEXTS.cannotSharePatientInForum);
  if (refusal === 'advice-closed') throw new HttpError(409, TEXTS.adviceClosedWrite);
  if (refusal === 'target-not-found')
    throw notFound(target === 'user' ? 'User' : target === 'team' ? 'Team' : 'Advice conversation');
  await app.db.transaction(async (tx) => {
    await addCardShare(tx, card.card.id, target, targetId, user.id, app.config.now());
    await auditChange(req, tx, { detail: { target, target_id: targetId } });
  });
  announceCardChange(app, await cardAudience(app.db, [card.card.id]));
  return { id: card.card.id, access_type: 'READ' as const };
}

/** Sharing a card into a chat (access_type READ; spec 01 §7). */
export function registerCardShareRoutes(app: FastifyInstance): void {
  const e = patientsEndpoints;
  const audit = { audit: SHARE_AUDIT };

  route(app, e.shareCardWithUser, async (req) => share(app, req, 'user'), audit);
  route(app, e.shareCardWithTeam, async (req) => share(app, req, 'team'), audit);
  route(app, e.shareCardWithAdvice, async (req) => share(app, req, 'advice_conversation'), audit);
  /**
   * The spec's other reading issues the advice share as a GET (spec 01 §7). A write behind a GET
   * could be triggered cross-site (CSRF checks cover non-GET calls only), so a browser must say
   * the call is same-origin (`Sec-Fetch-Site`); clients outside a browser send no such header.
   */
  route(
    app,
    e.shareCardWithAdviceByGet,
    async (req) => {
      const site = req.headers['sec-fetch-site'];
      if (site !== undefined && site !== 'same-origin') throw new HttpError(403, TEXTS.forbidden);
      return share(app, req, 'advice_conversation');
    },
    audit,
  );
}
