import type { ChatContext } from './context.js';
import { clientChildren, type Sender } from './stanzas.js';
import { el, localName, NS, nsOf, type XmlEl } from './xml.js';

/** The message as we store and route it: server-stamped `from`, our timestamp, no forged ids. */
export async function stamp(
  ctx: ChatContext,
  s: Sender,
  m: XmlEl,
  from: string,
  now: Date,
): Promise<XmlEl> {
  const kept: XmlEl[] = clientChildren(m);
  // Sender names come from the directory, so nobody can post under another name.
  const dn = kept.find((c) => localName(c) === 'displayNames' && nsOf(c) === NS.pando);
  const name = dn ? (await ctx.directory.entry(s.uuid))?.name : undefined;
  if (dn && name !== undefined) dn.attrs.sender = name;
  kept.push(el('sent', { xmlns: NS.pando, timestamp: now.toISOString() }));
  const attrs: Record<string, string> = {
    from,
    to: m.attrs.to ?? '',
    type: m.attrs.type ?? 'chat',
  };
  if (m.attrs.id) attrs.id = m.attrs.id;
  if (m.attrs['xml:lang']) attrs['xml:lang'] = m.attrs['xml:lang'];
  return { name: 'message', attrs: { xmlns: NS.client, ...attrs }, children: kept };
}
