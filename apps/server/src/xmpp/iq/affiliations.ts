import { isRoomId } from '../jid.js';
import { el, NS } from '../xml.js';
import type { IqHandler } from './types.js';

/**
 * MUC Light `#affiliations` of a room, for its occupants. Setting them over XMPP is
 * `not-allowed`: the REST API owns membership.
 */
export const affiliations: IqHandler = async (ctx, req) => {
  const { to } = req;
  if (to?.domain !== ctx.roomDomain) {
    req.fail('service-unavailable');
    return;
  }
  const room = isRoomId(to.local) ? await ctx.rooms.get(to.local) : undefined;
  if (!room || !room.members.has(req.s.uuid)) {
    req.fail('item-not-found');
    return;
  }
  if (req.type === 'set') {
    req.fail('not-allowed');
    return;
  }
  req.reply(
    el(
      'query',
      { xmlns: NS.muclightAffiliations },
      el('version', {}, room.version),
      ...[...room.members].map((u) => el('user', { affiliation: 'member' }, ctx.userJid(u))),
    ),
  );
};
