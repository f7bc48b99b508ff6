import type { SearchResponse } from './results';

/** What a hit is sorted by: a person's names, or a team's name. */
export type SearchHitName =
  | { type: 'USER'; id: number; first_name: string; last_name: string }
  | { type: 'TEAM'; id: number; name: string };

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The order of `GET /filters` hits (spec 01 §2 "Search"): people first, by last name, then first
 * name (case-insensitive), then teams by name; equal names by id. Paged as one list.
 */
export function compareSearchHits(a: SearchHitName, b: SearchHitName): number {
  if (a.type !== b.type) return a.type === 'USER' ? -1 : 1;
  const keys = (h: SearchHitName) =>
    h.type === 'USER'
      ? [h.last_name.toLowerCase(), h.first_name.toLowerCase()]
      : [h.name.toLowerCase(), ''];
  const [a1 = '', a2 = ''] = keys(a);
  const [b1 = '', b2 = ''] = keys(b);
  return byText(a1, b1) || byText(a2, b2) || a.id - b.id;
}

/**
 * The JSON:API-style page links of a search answer: `url` (the path and query as sent) with its
 * `page[number]` set, keeping the caller's other parameters; `prev` and `next` are null at the ends.
 */
export function searchPageLinks(
  url: string,
  page: number,
  size: number,
  total: number,
): SearchResponse['links'] {
  const last = Math.max(1, Math.ceil(total / size));
  const at = (n: number) => {
    const u = new URL(url, 'http://x');
    u.searchParams.set('page[number]', String(n));
    return `${u.pathname}${u.search}`;
  };
  return {
    self: at(page),
    first: at(1),
    last: at(last),
    prev: page > 1 ? at(Math.min(page - 1, last)) : null,
    next: page < last ? at(page + 1) : null,
  };
}
