import { el, localName, NS, nsOf, serialize, type XmlEl } from './xml.js';

/** RFC 6120 §8.3.2: the error type each condition we use goes with. */
const STANZA_ERROR_TYPE: Record<string, string> = {
  'item-not-found': 'cancel',
  'service-unavailable': 'cancel',
  'feature-not-implemented': 'cancel',
  'not-allowed': 'cancel',
  forbidden: 'auth',
  'bad-request': 'modify',
  'not-acceptable': 'modify',
  'internal-server-error': 'wait',
  'resource-constraint': 'wait',
};

/**
 * The stanza error answering `stanza` (RFC 6120 §8.3): addressed to its sender, from `from`
 * (the stanza's `to` by default). Every stanza error of the chat server is built here.
 */
export function stanzaError(stanza: XmlEl, condition: string, from?: string): XmlEl {
  return el(
    localName(stanza),
    { type: 'error', id: stanza.attrs.id, to: stanza.attrs.from, from: from ?? stanza.attrs.to },
    el(
      'error',
      { type: STANZA_ERROR_TYPE[condition] ?? 'cancel' },
      el(condition, { xmlns: NS.stanzas }),
    ),
  );
}

/** Who sent a stanza and gets its errors: a bound session, or the REST side posting as someone. */
export interface Sender {
  readonly uuid: string;
  /** Full JID errors are addressed to. */
  readonly jid: string;
  send(xml: string): void;
}

/** Sends `stanza` back to its sender as a stanza error (`from`: the stanza's `to` by default). */
export function bounce(s: Sender, stanza: XmlEl, condition: string, from?: string): void {
  s.send(
    serialize(stanzaError({ ...stanza, attrs: { ...stanza.attrs, from: s.jid } }, condition, from)),
  );
}

/** Elements only the server may put in a stanza: a client copy is dropped (issue 14, finding 6). */
function reservedElement(c: XmlEl): boolean {
  const ns = nsOf(c, NS.client);
  const name = localName(c);
  if (ns === NS.sid && name === 'stanza-id') return true; // XEP-0359: ids claiming to be ours
  if (ns === NS.pando && name === 'sent') return true; // only the server sets the archive time
  return (
    ns === NS.carbons || // carbons (`sent`/`received` wrappers; `private` is read before this)
    ns === NS.forward || // `forwarded`: MAM, inbox and carbon results
    ns === NS.delay || // `delay`: archive timestamps
    ns === NS.mam || // MAM `result`/`fin`
    ns === NS.inbox || // inbox `result`
    ns.startsWith(NS.muclight) // MUC Light affiliations and configuration notifications
  );
}

/** A client message's children as we store and route them: elements, none of them reserved. */
export function clientChildren(m: XmlEl): XmlEl[] {
  return m.children.filter((c): c is XmlEl => typeof c !== 'string' && !reservedElement(c));
}
