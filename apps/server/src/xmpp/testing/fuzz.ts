// Deterministic generator of hostile RFC 7395 frames (the domain's mulberry32 PRNG, fixed seed).
import { seededRandom as prng } from '@pando/domain';

export interface HostileFrame {
  kind: string;
  frame: string | Buffer;
  /** The server must end the stream for this one (otherwise it must keep it open). */
  fatal: boolean;
}

const NAMESPACES = [
  'jabber:client',
  'urn:evil',
  '',
  'urn:xmpp:mam:2',
  'erlang-solutions.com:xmpp:inbox:0',
  'jabber:iq:last',
  'urn:xmpp:muclight:0#affiliations',
  'urn:xmpp:carbons:2',
  'urn:xmpp:sm:3',
  'http://etherx.jabber.org/streams',
];

export function hostileFrames(
  seed: number,
  count: number,
  ctx: { domain: string; peer: string; room: string },
  fatalShare = 0.3,
): HostileFrame[] {
  const rnd = prng(seed);
  const int = (n: number) => Math.floor(rnd() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)] as T;
  const junk = (n: number) =>
    Array.from({ length: n }, () => String.fromCharCode(32 + int(95))).join('');
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  const jids = [
    ctx.peer,
    ctx.room,
    `nobody@${ctx.domain}`,
    `x@evil.example`,
    '',
    '@',
    `${'a'.repeat(3000)}@${ctx.domain}`,
    `${ctx.peer}/res`,
    `room@muclight.${ctx.domain}`,
    ctx.domain,
    'a@b@c',
    `/${ctx.domain}`,
  ];
  const makers: (() => HostileFrame)[] = [
    () => {
      const d = 25 + int(2000);
      return {
        kind: 'deep-nesting',
        frame:
          '<message xmlns="jabber:client">' + '<a>'.repeat(d) + '</a>'.repeat(d) + '</message>',
        fatal: true,
      };
    },
    () => ({
      kind: 'billion-laughs',
      frame:
        '<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><message xmlns="jabber:client"><body>&lol2;</body></message>',
      fatal: true,
    }),
    () => ({
      kind: 'xxe',
      frame: `<!DOCTYPE m [<!ENTITY x SYSTEM "file:///etc/passwd">]><message xmlns="jabber:client"><body>&x;</body></message>`,
      fatal: true,
    }),
    () => ({
      kind: 'undefined-entity',
      frame: `<message xmlns="jabber:client" to="${ctx.peer}"><body>&x${int(99)};</body></message>`,
      fatal: true,
    }),
    () => ({
      kind: 'huge-attribute',
      frame: `<message xmlns="jabber:client" to="${ctx.peer}" x="${'A'.repeat(9000 + int(100_000))}"/>`,
      fatal: true,
    }),
    () => ({
      kind: 'many-attributes',
      frame: `<message xmlns="jabber:client" ${Array.from({ length: 40 + int(200) }, (_, i) => `a${i}="1"`).join(' ')}/>`,
      fatal: true,
    }),
    () => ({
      kind: 'oversize',
      frame: `<message xmlns="jabber:client" to="${ctx.peer}"><body>${'z'.repeat(262_145 + int(1000))}</body></message>`,
      fatal: true,
    }),
    () => ({
      kind: 'comment',
      frame: `<message xmlns="jabber:client"><!-- ${junk(20)} --></message>`,
      fatal: true,
    }),
    () => ({
      kind: 'pi',
      frame: `<?xml version="1.0"?><message xmlns="jabber:client"/>`,
      fatal: true,
    }),
    () => {
      const s = `<message xmlns="jabber:client" to="${ctx.peer}" type="chat" id="f${int(1e9)}"><body>${esc(junk(30))}</body></message>`;
      return { kind: 'truncated', frame: s.slice(0, 1 + int(s.length - 2)), fatal: true };
    },
    () => ({
      kind: 'mismatched',
      frame: `<message xmlns="jabber:client"><body>x</bogus></message>`,
      fatal: true,
    }),
    () => ({
      kind: 'random-bytes',
      frame: Buffer.from(Array.from({ length: 1 + int(200) }, () => int(256))),
      fatal: true,
    }),
    () => ({ kind: 'text-only', frame: junk(1 + int(50)).replace(/[<&]/g, ''), fatal: true }),
    () => ({
      kind: 'two-roots',
      frame: `<presence xmlns="jabber:client"/><presence xmlns="jabber:client"/>`,
      fatal: true,
    }),
    () => ({
      kind: 'bad-name',
      frame: `<message xmlns="jabber:client"><b"ody>x</b"ody></message>`,
      fatal: true,
    }),
    () => ({
      kind: 'bad-char-ref',
      frame: `<message xmlns="jabber:client"><body>&#0;&#xD800;</body></message>`,
      fatal: true,
    }),
    () => ({
      kind: 'wrong-namespace-top',
      frame: `<message xmlns="${pick(['urn:evil', 'jabber:server', 'http://etherx.jabber.org/streams'])}" to="${ctx.peer}"><body>x</body></message>`,
      fatal: true,
    }),
    // Well-formed but hostile: the stream must survive these.
    () => ({
      kind: 'iq-random-ns',
      frame:
        `<iq xmlns="jabber:client" type="${pick(['get', 'set', 'result', 'error', 'bogus'])}" id="i${int(1e6)}" to="${esc(pick(jids))}"><query xmlns="${esc(pick(NAMESPACES))}"><${pick(['item', 'x', 'before', 'max'])}>${esc(junk(int(20)))}</x></query></iq>`.replace(
          /<(item|before|max)>([^<]*)<\/x>/,
          '<$1>$2</$1>',
        ),
      fatal: false,
    }),
    () => ({
      kind: 'mam-bad-fields',
      frame: `<iq xmlns="jabber:client" type="set" id="m${int(1e6)}" to="${esc(pick(jids))}"><query xmlns="urn:xmpp:mam:2"><x xmlns="jabber:x:data" type="submit"><field var="with"><value>${esc(pick(jids))}</value></field><field var="end"><value>${esc(pick(['yesterday', '2020-13-45', junk(10), '']))}</value></field></x><set xmlns="http://jabber.org/protocol/rsm"><max>${pick(['-1', '1e99', 'abc', '1000000', '0', '5'])}</max><before>${esc(pick(['', '99999999999999999999', 'abc', "1' or 1=1 --", '5']))}</before></set></query></iq>`,
      fatal: false,
    }),
    () => ({
      kind: 'message-odd-target',
      frame: `<message xmlns="jabber:client" type="${pick(['chat', 'groupchat', 'normal', 'error', 'headline', 'weird'])}" to="${esc(pick(jids))}" id="${esc(junk(int(12)))}"><body>${esc(junk(int(40)))}</body>${pick(['', '<stanza-id xmlns="urn:xmpp:sid:0" id="1" by="x"/>', '<sent xmlns="urn:pando:chat:0" timestamp="1999"/>', '<received xmlns="urn:xmpp:carbons:2"><forwarded xmlns="urn:xmpp:forward:0"><message/></forwarded></received>'])}</message>`,
      fatal: false,
    }),
    () => ({
      kind: 'marker-odd',
      frame: `<message xmlns="jabber:client" to="${esc(pick(jids))}"><displayed xmlns="urn:xmpp:chat-markers:0" id="${esc(junk(int(10)))}"/></message>`,
      fatal: false,
    }),
    () => ({
      kind: 'presence-junk',
      frame: `<presence xmlns="jabber:client" type="${esc(junk(5))}" to="${esc(pick(jids))}"><status>${esc(junk(int(50)))}</status></presence>`,
      fatal: false,
    }),
    () => ({
      kind: 'sm-noise',
      frame: pick([
        `<a xmlns="urn:xmpp:sm:3" h="${int(1e6) - 5000}"/>`,
        `<a xmlns="urn:xmpp:sm:3" h="nonsense"/>`,
        `<r xmlns="urn:xmpp:sm:3"/>`,
        `<resume xmlns="urn:xmpp:sm:3" previd="x" h="3"/>`,
        `<enable xmlns="urn:xmpp:sm:3"/>`,
      ]),
      fatal: false,
    }),
    () => ({
      kind: 'rebind',
      frame: `<iq xmlns="jabber:client" type="set" id="b${int(1e6)}"><bind xmlns="urn:ietf:params:xml:ns:xmpp-bind"><resource>${esc(junk(10))}</resource></bind></iq>`,
      fatal: false,
    }),
    () => ({
      kind: 'inbox',
      frame: `<iq xmlns="jabber:client" type="${pick(['set', 'get'])}" id="n${int(1e6)}"><inbox xmlns="erlang-solutions.com:xmpp:inbox:0" queryid="${esc(junk(8))}"/></iq>`,
      fatal: false,
    }),
    () => ({
      kind: 'muclight-set',
      frame: `<iq xmlns="jabber:client" type="set" id="l${int(1e6)}" to="${esc(ctx.room)}"><query xmlns="urn:xmpp:muclight:0#affiliations"><user affiliation="owner">${esc(ctx.peer)}</user></query></iq>`,
      fatal: false,
    }),
  ];
  const fatal = makers.filter((m) => m().fatal);
  const benign = makers.filter((m) => !m().fatal);
  // Mostly stanzas a stream must survive; each fatal frame costs a new connection.
  return Array.from({ length: count }, () => (rnd() < fatalShare ? pick(fatal) : pick(benign))());
}
