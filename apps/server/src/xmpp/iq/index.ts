import type { ChatContext } from '../context.js';
import { parseJid } from '../jid.js';
import type { ChatSession } from '../sessions.js';
import { bounce } from '../stanzas.js';
import { el, localName, NS, nsOf, serialize, type XmlEl } from '../xml.js';
import { affiliations } from './affiliations.js';
import { inbox } from './inbox.js';
import { lastActivity } from './last.js';
import { mam } from './mam.js';
import { carbons, disco, ping } from './simple.js';
import type { IqHandler } from './types.js';

/** One handler per namespace (and payload name); anything else is `service-unavailable`. */
const HANDLERS = new Map<string, IqHandler>([
  [`${NS.ping} ping`, ping],
  [`${NS.carbons} enable`, carbons],
  [`${NS.carbons} disable`, carbons],
  [`${NS.mam} query`, mam],
  [`${NS.inbox} inbox`, inbox],
  [`${NS.last} query`, lastActivity],
  [`${NS.muclightAffiliations} query`, affiliations],
  [`${NS.disco} query`, disco],
]);

/** An `<iq>` from a client: checked, then answered by the handler of its payload's namespace. */
export async function onIq(ctx: ChatContext, s: ChatSession, iq: XmlEl): Promise<void> {
  const type = iq.attrs.type;
  if (type === 'result' || type === 'error') return;
  const fail = (condition: string) => {
    bounce(s, iq, condition, iq.attrs.to);
  };
  const payload = iq.children.find((c): c is XmlEl => typeof c !== 'string');
  if (!payload || (type !== 'get' && type !== 'set') || !iq.attrs.id) {
    fail('bad-request');
    return;
  }
  const to = iq.attrs.to ? parseJid(iq.attrs.to) : undefined;
  if (iq.attrs.to && !to) {
    fail('bad-request');
    return;
  }
  const handler = HANDLERS.get(`${nsOf(payload, NS.client)} ${localName(payload)}`);
  if (!handler) {
    fail('service-unavailable');
    return;
  }
  await handler(ctx, {
    s,
    iq,
    payload,
    type,
    to,
    toSelfOrServer:
      !to || (to.domain === ctx.domain && (!to.local || to.local === s.uuid) && !to.resource),
    reply: (...children) => {
      s.send(
        serialize(
          el(
            'iq',
            {
              xmlns: NS.client,
              type: 'result',
              id: iq.attrs.id,
              to: s.jid,
              from: iq.attrs.to ?? ctx.userJid(s.uuid),
            },
            ...children,
          ),
        ),
      );
    },
    fail,
  });
}
