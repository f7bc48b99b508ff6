import { isUuid } from '../jid.js';
import { lastSeen, mayQueryLastActivity } from '../store.js';
import { el, NS } from '../xml.js';
import type { IqHandler } from './types.js';

/**
 * XEP-0012 last activity of a user: `seconds="0"` when online here, else seconds since the last
 * disconnect; only for people who share an organisation, a team or a chat room, or an admin asking
 * about someone within their reach (else `forbidden`).
 */
export const lastActivity: IqHandler = async (ctx, req) => {
  const { to } = req;
  if (req.type !== 'get' || !to?.local || to.domain !== ctx.domain) {
    req.fail('service-unavailable');
    return;
  }
  if (!isUuid(to.local) || !(await mayQueryLastActivity(ctx.db, req.s.uuid, to.local))) {
    req.fail('forbidden');
    return;
  }
  if (ctx.sessions.isOnline(to.local)) {
    req.reply(el('query', { xmlns: NS.last, seconds: 0 }));
    return;
  }
  const seen = await lastSeen(ctx.db, to.local);
  if (!seen) {
    req.fail('item-not-found');
    return;
  }
  const seconds = Math.max(0, Math.floor((ctx.now().getTime() - seen.getTime()) / 1000));
  req.reply(el('query', { xmlns: NS.last, seconds }));
};
