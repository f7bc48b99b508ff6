/** A piece of message text: plain text, or a link the product allows. */
export type TextPart =
  { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** Schemes a message may link to. Everything else (javascript:, data:, vbscript:) stays text. */
const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

// Candidates only; each is re-checked with the URL parser below. Trailing punctuation is left
// out so "see https://nice.org.uk/ng185." links without the full stop.
const LINK_CANDIDATE = /\b(?:https?:\/\/|mailto:)[^\s<>"]*[^\s<>".,;:!?')\]]/gi;

function safeHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return ALLOWED_PROTOCOLS.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Splits message text into text and links. Only http, https and mailto become links; the text
 * is never parsed as HTML, so `<img onerror>` or `javascript:` arrive on screen as the characters
 * typed.
 */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK_CANDIDATE)) {
    const start = match.index;
    const raw = match[0];
    const href = safeHref(raw);
    if (!href) continue;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', text: raw, href });
    last = start + raw.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
