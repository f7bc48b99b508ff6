import { el, localName, NS } from '../xml.js';
import type { IqHandler } from './types.js';

/** XEP-0199 ping, to anyone: answered by the server. */
export const ping: IqHandler = (_ctx, req) => {
  req.reply();
};

/** XEP-0280 carbons `enable`/`disable`: a set to ourselves. */
export const carbons: IqHandler = (_ctx, req) => {
  const name = localName(req.payload);
  if (req.type !== 'set' || !req.toSelfOrServer || (name !== 'enable' && name !== 'disable')) {
    req.fail('service-unavailable');
    return;
  }
  req.s.carbons = name === 'enable';
  req.reply();
};

/** The features a client may ask about (XEP-0030 disco#info, minimal). */
const FEATURES = [
  NS.disco,
  NS.carbons,
  NS.mam,
  NS.inbox,
  NS.markers,
  NS.last,
  NS.muclight,
  NS.ping,
  NS.sid,
];

export const disco: IqHandler = (_ctx, req) => {
  if (req.type !== 'get' || !req.toSelfOrServer) {
    req.fail('service-unavailable');
    return;
  }
  req.reply(
    el(
      'query',
      { xmlns: NS.disco },
      el('identity', { category: 'server', type: 'im', name: 'Pando' }),
      ...FEATURES.map((v) => el('feature', { var: v })),
    ),
  );
};
