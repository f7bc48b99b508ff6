import { randomUUID } from 'node:crypto';
import { queryInbox } from '../store.js';
import { el, NS, rawXml, serialize } from '../xml.js';
import type { IqHandler } from './types.js';

/**
 * MongooseIM's inbox (`erlang-solutions.com:xmpp:inbox:0`, not XEP-0430): one result message per
 * conversation, newest first, with its unread count and last message, then `<fin>` with totals.
 */
export const inbox: IqHandler = async (ctx, req) => {
  const { s } = req;
  if (req.type !== 'set' || !req.toSelfOrServer) {
    req.fail('service-unavailable');
    return;
  }
  await ctx.writer.settled();
  const rows = await queryInbox(ctx.db, s.uuid);
  const queryid = req.payload.attrs.queryid || undefined;
  let unreadTotal = 0;
  let active = 0;
  for (const r of rows) {
    const unread = r.unread;
    unreadTotal += unread;
    if (unread > 0) active++;
    s.send(
      serialize(
        el(
          'message',
          { xmlns: NS.client, from: ctx.userJid(s.uuid), to: s.jid, id: randomUUID() },
          el(
            'result',
            { xmlns: NS.inbox, unread, queryid },
            el(
              'forwarded',
              { xmlns: NS.forward },
              el('delay', { xmlns: NS.delay, stamp: new Date(r.created_at).toISOString() }),
              rawXml(r.stanza),
            ),
            el('read', {}, String(unread === 0)),
            el('box', {}, 'inbox'),
            el('archive', {}, 'false'),
            el('mute', {}, '0'),
          ),
        ),
      ),
    );
  }
  req.reply(
    el(
      'fin',
      { xmlns: NS.inbox },
      el('count', {}, String(rows.length)),
      el('unread-messages', {}, String(unreadTotal)),
      el('active-conversations', {}, String(active)),
    ),
  );
};
