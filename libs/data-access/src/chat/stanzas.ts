import { bareJid, ChatMessageSchema, type ChatMessage, type MarkerType } from '@pando/domain';
import type { XmlBuilder, XmlElement } from './xmppTypes';
import type { HistoryQuery, OutgoingMessage, PresenceAvailability, SentMarkerType } from './types';

/** Namespaces of the MongooseIM dialect (ARCHITECTURE "The chat protocol"). */
export const NS = {
  carbons: 'urn:xmpp:carbons:2',
  forward: 'urn:xmpp:forward:0',
  delay: 'urn:xmpp:delay',
  mam: 'urn:xmpp:mam:2',
  rsm: 'http://jabber.org/protocol/rsm',
  dataForms: 'jabber:x:data',
  inbox: 'erlang-solutions.com:xmpp:inbox:0',
  markers: 'urn:xmpp:chat-markers:0',
  last: 'jabber:iq:last',
  sid: 'urn:xmpp:sid:0',
  muclightAffiliations: 'urn:xmpp:muclight:0#affiliations',
  muclightConfiguration: 'urn:xmpp:muclight:0#configuration',
  /**
   * Our custom elements (apps/server/src/xmpp/README.md "Custom elements"): `displayNames`
   * (sender, recipient attributes), `sendTimestamp` (ms as text, set by the sender) and `sent`
   * (ISO `timestamp` attribute, set by the server at archive time).
   */
  pando: 'urn:pando:chat:0',
} as const;

/**
 * Our presence (RFC 6121 §4.7): available with no `<show>` when AVAILABLE, `dnd` when
 * UNAVAILABLE; `<status>` carries the domain's word so our clients need no mapping back.
 */
export function buildPresence(xml: XmlBuilder, availability: PresenceAvailability): XmlElement {
  return availability === 'UNAVAILABLE'
    ? xml('presence', {}, xml('show', {}, 'dnd'), xml('status', {}, availability))
    : xml('presence', {}, xml('status', {}, availability));
}

const MARKERS: readonly MarkerType[] = ['markable', 'received', 'displayed', 'acknowledged'];

/**
 * A message stanza for `send`. Markable (so the recipient's client answers with markers), with
 * display names and the sender's clock in our custom elements; the server adds `<sent>`.
 */
export function buildMessage(xml: XmlBuilder, m: OutgoingMessage): XmlElement {
  return xml(
    'message',
    { to: m.to, type: m.type, id: m.id },
    xml('subject', {}, m.subject),
    xml('body', {}, m.body),
    xml('displayNames', {
      xmlns: NS.pando,
      sender: m.displayNames.sender,
      recipient: m.displayNames.recipient,
    }),
    xml('sendTimestamp', { xmlns: NS.pando }, String(m.sendTimestamp)),
    xml('markable', { xmlns: NS.markers }),
  );
}

export function buildMarker(
  xml: XmlBuilder,
  to: string,
  type: ChatMessage['type'],
  marker: SentMarkerType,
  id: string,
  stanzaId: string,
): XmlElement {
  return xml('message', { to, type, id: stanzaId }, xml(marker, { xmlns: NS.markers, id }));
}

/** The MAM query (`urn:xmpp:mam:2` + RSM): `with` for a 1:1 archive, `to` the room otherwise. */
export function buildMamQuery(
  xml: XmlBuilder,
  q: HistoryQuery,
  queryId: string,
  isRoom: boolean,
): XmlElement {
  const field = (name: string, value: string) =>
    xml('field', { var: name }, xml('value', {}, value));
  const fields = [field('FORM_TYPE', NS.mam)];
  if (!isRoom) fields.push(field('with', q.with));
  if (q.start !== undefined) fields.push(field('start', new Date(q.start).toISOString()));
  if (q.end !== undefined) fields.push(field('end', new Date(q.end).toISOString()));
  const rsm = [xml('max', {}, String(q.max))];
  if (q.after !== undefined) rsm.push(xml('after', {}, q.after));
  else rsm.push(xml('before', {}, q.before ?? ''));
  return xml(
    'iq',
    { type: 'set', ...(isRoom ? { to: q.with } : {}) },
    xml(
      'query',
      { xmlns: NS.mam, queryid: queryId },
      xml('x', { xmlns: NS.dataForms, type: 'submit' }, ...fields),
      xml('set', { xmlns: NS.rsm }, ...rsm),
    ),
  );
}

/**
 * A fresh MAM/inbox query id. Random (122 bits), never a counter or a clock: results are matched
 * to their query by this id, so a guessable one would let someone else answer in our place.
 */
export function newQueryId(): string {
  return globalThis.crypto.randomUUID();
}

/**
 * Whether a MAM or inbox `<result>` may answer our query: it must come from our own bare JID
 * (our 1:1 archive, the inbox) or from exactly the bare JID we queried (a room's archive) —
 * never from a room occupant (`room/occupant`), a resource or another user. A stanza without
 * `from` comes from our own account (RFC 6120 §8.1.2.1).
 */
export function isQueryResultFrom(
  from: string | undefined,
  me: string,
  queried: string | undefined,
): boolean {
  if (from === undefined) return true;
  const sender = from.toLowerCase();
  return sender === me.toLowerCase() || (queried !== undefined && sender === queried.toLowerCase());
}

function parseTime(value: string | undefined | null): number | undefined {
  if (!value) return undefined;
  const t = Date.parse(value);
  return Number.isNaN(t) ? undefined : t;
}

/**
 * Reads a message stanza into the domain's ChatMessage. Returns null for anything that is not
 * a chat message we can key (no id), or whose fields fail the domain schema (hostile input
 * never reaches the store). `delayStamp` is the MAM/inbox `<delay>` of the wrapper.
 */
export function parseMessage(stanza: XmlElement, delayStamp?: string): ChatMessage | null {
  if (stanza.name !== 'message') return null;
  const id = stanza.attrs.id;
  if (!id) return null;
  const type = stanza.attrs.type === 'groupchat' ? 'groupchat' : 'chat';
  const body = stanza.getChild('body');
  const subject = stanza.getChild('subject');
  const names = stanza.getChild('displayNames', NS.pando);
  const sent =
    parseTime(stanza.getChild('sent', NS.pando)?.attrs.timestamp) ?? parseTime(delayStamp);
  // `<sendTimestamp>` holds ms since epoch as text (server README "Custom elements").
  const sendText = stanza.getChildText('sendTimestamp', NS.pando)?.trim();
  const sendTimestamp = sendText && /^[0-9]{1,16}$/.test(sendText) ? Number(sendText) : undefined;
  let marker: ChatMessage['marker'];
  for (const type of MARKERS) {
    const el = stanza.getChild(type, NS.markers);
    if (el) {
      marker = { type, id: type === 'markable' ? id : (el.attrs.id ?? '') };
      break;
    }
  }
  const affiliations = stanza.getChild('x', NS.muclightAffiliations);
  const candidate: ChatMessage = {
    id,
    from: stanza.attrs.from ?? '',
    to: stanza.attrs.to ?? '',
    type,
    ...(body ? { body: body.text() } : {}),
    ...(subject ? { subject: subject.text() } : {}),
    ...(sent !== undefined ? { sent: { timestamp: sent } } : {}),
    ...(sendTimestamp !== undefined ? { sendTimestamp } : {}),
    ...(names
      ? {
          displayNames: {
            sender: names.attrs.sender ?? '',
            recipient: names.attrs.recipient ?? '',
          },
        }
      : {}),
    ...(marker ? { marker } : {}),
    ...(affiliations
      ? {
          muclightAffiliations: affiliations.getChildren('user').map((u) => ({
            user: u.text(),
            affiliation: (u.attrs.affiliation ?? 'none') as 'owner' | 'member' | 'none',
          })),
        }
      : {}),
  };
  const parsed = ChatMessageSchema.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}

/** The archive id the server stamped (XEP-0359), if `by` is us or the room. */
export function stanzaIdOf(stanza: XmlElement, by: readonly string[]): string | undefined {
  for (const sid of stanza.getChildren('stanza-id', NS.sid)) {
    const id = sid.attrs.id;
    if (id && by.includes(bareJid(sid.attrs.by ?? '')) && /^[0-9]{1,19}$/.test(id)) return id;
  }
  return undefined;
}

/** The forwarded message and its delay stamp inside a MAM result, inbox result or carbon. */
export function forwarded(wrapper: XmlElement): { message: XmlElement; stamp?: string } | null {
  const fwd = wrapper.getChild('forwarded', NS.forward);
  const message = fwd?.getChild('message');
  if (!fwd || !message) return null;
  const stamp = fwd.getChild('delay', NS.delay)?.attrs.stamp;
  return stamp === undefined ? { message } : { message, stamp };
}
