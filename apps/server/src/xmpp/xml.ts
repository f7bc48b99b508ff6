// ltx.d.ts referenced, so that programs reaching the server through @pando/server/testing (the
// client tests on the embedded server) see it too.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- an ambient declaration, nothing to import
/// <reference path="./ltx.d.ts" />
import { createRequire } from 'node:module';
import type SaxLtxType from 'ltx/lib/parsers/ltx.js';

// ltx's CommonJS SAX tokenizer: small, fast, and it never expands DTD entities (it cannot read
// a DTD at all), which is exactly what an XMPP server wants. Structure checks are ours.
const require = createRequire(import.meta.url);
const SaxLtx = require('ltx/lib/parsers/ltx.js') as typeof SaxLtxType;

/** A parsed or built XML element. Text children are plain strings. */
export interface XmlEl {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
}
export type XmlNode = XmlEl | string;

export const NS = {
  framing: 'urn:ietf:params:xml:ns:xmpp-framing',
  streams: 'http://etherx.jabber.org/streams',
  streamErrors: 'urn:ietf:params:xml:ns:xmpp-streams',
  sasl: 'urn:ietf:params:xml:ns:xmpp-sasl',
  bind: 'urn:ietf:params:xml:ns:xmpp-bind',
  session: 'urn:ietf:params:xml:ns:xmpp-session',
  stanzas: 'urn:ietf:params:xml:ns:xmpp-stanzas',
  client: 'jabber:client',
  sm: 'urn:xmpp:sm:3',
  carbons: 'urn:xmpp:carbons:2',
  forward: 'urn:xmpp:forward:0',
  delay: 'urn:xmpp:delay',
  mam: 'urn:xmpp:mam:2',
  rsm: 'http://jabber.org/protocol/rsm',
  dataForms: 'jabber:x:data',
  muclight: 'urn:xmpp:muclight:0',
  muclightAffiliations: 'urn:xmpp:muclight:0#affiliations',
  muclightConfiguration: 'urn:xmpp:muclight:0#configuration',
  inbox: 'erlang-solutions.com:xmpp:inbox:0',
  markers: 'urn:xmpp:chat-markers:0',
  last: 'jabber:iq:last',
  ping: 'urn:xmpp:ping',
  sid: 'urn:xmpp:sid:0',
  disco: 'http://jabber.org/protocol/disco#info',
  /** Our custom elements (display names, timestamps): see README.md "Custom elements". */
  pando: 'urn:pando:chat:0',
} as const;

export function el(
  name: string,
  attrs: Record<string, string | number | undefined> = {},
  ...children: (XmlNode | null | undefined | false)[]
): XmlEl {
  const a: Record<string, string> = {};
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined) a[k] = String(v);
  const c: XmlNode[] = [];
  for (const ch of children) if (ch !== null && ch !== undefined && ch !== false) c.push(ch);
  return { name, attrs: a, children: c };
}

const ESC_ATTR = /[&<>"']/g;
const ESC_TEXT = /[&<>]/g;
const ESC_MAP: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const escAttr = (s: string) => (ESC_ATTR.test(s) ? s.replace(ESC_ATTR, (c) => ESC_MAP[c] ?? c) : s);
const escText = (s: string) => (ESC_TEXT.test(s) ? s.replace(ESC_TEXT, (c) => ESC_MAP[c] ?? c) : s);

/** The name of a `rawXml` node: not a valid XML name, so a parsed frame never contains one. */
const RAW = '#raw';

/**
 * Trusted XML that is already serialized (an archived stanza, which we wrote ourselves), placed
 * as is inside a reply built with `el`.
 */
export function rawXml(xml: string): XmlEl {
  return { name: RAW, attrs: {}, children: [xml] };
}

export function serialize(node: XmlNode): string {
  if (typeof node === 'string') return escText(node);
  if (node.name === RAW) return typeof node.children[0] === 'string' ? node.children[0] : '';
  let s = '<' + node.name;
  for (const k in node.attrs) s += ' ' + k + '="' + escAttr(node.attrs[k] ?? '') + '"';
  if (node.children.length === 0) return s + '/>';
  s += '>';
  for (const c of node.children) s += serialize(c);
  return s + '</' + node.name + '>';
}

/** The namespace of an element, resolved through its ancestors (parsing sets xmlns on the root). */
export function nsOf(e: XmlEl, inherited = ''): string {
  const prefix = e.name.includes(':') ? e.name.slice(0, e.name.indexOf(':')) : undefined;
  if (prefix) return e.attrs['xmlns:' + prefix] ?? inherited;
  return e.attrs.xmlns ?? inherited;
}

export function localName(e: XmlEl): string {
  const i = e.name.indexOf(':');
  return i === -1 ? e.name : e.name.slice(i + 1);
}

/** First child element with this local name and (explicit or inherited) namespace. */
export function child(e: XmlEl, name: string, ns?: string): XmlEl | undefined {
  const parentNs = nsOf(e);
  for (const c of e.children) {
    if (
      typeof c !== 'string' &&
      localName(c) === name &&
      (ns === undefined || nsOf(c, parentNs) === ns)
    )
      return c;
  }
  return undefined;
}

export function children(e: XmlEl, name?: string, ns?: string): XmlEl[] {
  const parentNs = nsOf(e);
  return e.children.filter(
    (c): c is XmlEl =>
      typeof c !== 'string' &&
      (name === undefined || localName(c) === name) &&
      (ns === undefined || nsOf(c, parentNs) === ns),
  );
}

export function text(e: XmlEl | undefined): string {
  if (!e) return '';
  let s = '';
  for (const c of e.children) if (typeof c === 'string') s += c;
  return s;
}

export function childText(e: XmlEl, name: string, ns?: string): string | undefined {
  const c = child(e, name, ns);
  return c ? text(c) : undefined;
}

export interface ParseLimits {
  /** Bytes of one WebSocket frame (checked before parsing). */
  maxFrameBytes: number;
  maxDepth: number;
  maxElements: number;
  maxAttributes: number;
  maxAttributeBytes: number;
}

export const DEFAULT_LIMITS: ParseLimits = {
  maxFrameBytes: 256 * 1024,
  maxDepth: 24,
  maxElements: 2_000,
  maxAttributes: 32,
  maxAttributeBytes: 8 * 1024,
};

/** Why a frame was refused; maps onto an RFC 6120 stream error condition. */
export class FrameError extends Error {
  constructor(
    readonly condition: 'policy-violation' | 'restricted-xml' | 'not-well-formed' | 'bad-format',
    message: string,
  ) {
    super(message);
  }
}

// XML Name, restricted to ASCII: names are re-serialised into other users' streams, so a name
// must never be able to smuggle markup.
const NAME = /^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
// Only the five predefined entities and character references (RFC 6120 §11.1).
const BAD_ENTITY = /&(?!(?:lt|gt|amp|quot|apos|#[0-9]{1,7}|#x[0-9a-fA-F]{1,6});)/;

/**
 * Parses one RFC 7395 frame (exactly one complete element) with hard limits. No DTD, comments,
 * processing instructions or CDATA: RFC 6120 §11.1 forbids the first three in a stream, and
 * refusing `<!` as a whole closes every entity-expansion trick at once.
 */
export function parseFrame(frame: string, limits: ParseLimits = DEFAULT_LIMITS): XmlEl {
  if (Buffer.byteLength(frame, 'utf8') > limits.maxFrameBytes)
    throw new FrameError('policy-violation', `stanza larger than ${limits.maxFrameBytes} bytes`);
  if (frame.includes('<!') || frame.includes('<?'))
    throw new FrameError(
      'restricted-xml',
      'DTDs, comments, CDATA and processing instructions are not allowed',
    );
  if (BAD_ENTITY.test(frame))
    throw new FrameError('restricted-xml', 'only predefined entities are allowed');
  // XML 1.0 forbids these; PostgreSQL text cannot hold NUL either, so one would fail a whole batch.
  if (CONTROL_CHARS.test(frame))
    throw new FrameError('not-well-formed', 'control characters are not allowed');

  const sax = new SaxLtx();
  const stack: XmlEl[] = [];
  let root: XmlEl | undefined;
  let count = 0;
  let failure: FrameError | undefined;
  const fail = (e: FrameError) => {
    failure ??= e;
  };

  sax.on('startElement', (name: string, attrs: Record<string, string>) => {
    if (failure) return;
    if (root) {
      fail(new FrameError('bad-format', 'more than one element in a frame'));
      return;
    }
    if (!NAME.test(name)) {
      fail(new FrameError('not-well-formed', 'invalid element name'));
      return;
    }
    if (++count > limits.maxElements) {
      fail(new FrameError('policy-violation', 'too many elements'));
      return;
    }
    if (stack.length >= limits.maxDepth) {
      fail(new FrameError('policy-violation', 'nesting too deep'));
      return;
    }
    let n = 0;
    for (const k in attrs) {
      if (++n > limits.maxAttributes) {
        fail(new FrameError('policy-violation', 'too many attributes'));
        return;
      }
      if (!NAME.test(k)) {
        fail(new FrameError('not-well-formed', 'invalid attribute name'));
        return;
      }
      if ((attrs[k] ?? '').length > limits.maxAttributeBytes) {
        fail(new FrameError('policy-violation', `attribute ${k} too large`));
        return;
      }
    }
    const e: XmlEl = { name, attrs: { ...attrs }, children: [] };
    stack.at(-1)?.children.push(e);
    stack.push(e);
  });
  sax.on('endElement', (name: string) => {
    if (failure) return;
    const top = stack.pop();
    if (!top || top.name !== name) {
      fail(new FrameError('not-well-formed', 'mismatched end tag'));
      return;
    }
    if (stack.length === 0) root = top;
  });
  sax.on('text', (t: string) => {
    if (failure) return;
    const top = stack.at(-1);
    if (top) top.children.push(t);
    else if (t.trim() !== '') fail(new FrameError('not-well-formed', 'text outside an element'));
  });
  try {
    sax.write(frame);
    sax.end();
  } catch (err) {
    // ltx throws on illegal character references.
    throw new FrameError('not-well-formed', (err as Error).message);
  }
  if (failure) throw failure;
  if (!root || stack.length > 0) throw new FrameError('not-well-formed', 'incomplete element');
  if (frame.slice(frame.lastIndexOf('>') + 1).trim() !== '')
    throw new FrameError('not-well-formed', 'text after the element');
  return root;
}
