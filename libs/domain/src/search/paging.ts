import type { SearchResponse } from './results';

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
