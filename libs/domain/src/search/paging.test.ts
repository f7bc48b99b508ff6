import { describe, expect, it } from 'vitest';
import { searchPageLinks } from './paging';

describe('search page links (JSON:API style, keeping the other parameters)', () => {
  const url = '/api/v4/filters?include=user.other&q=ann&page%5Bnumber%5D=2';

  it('names self, first, last, prev and next of a middle page', () => {
    const links = searchPageLinks(url, 2, 20, 61);
    expect(links).toEqual({
      self: '/api/v4/filters?include=user.other&q=ann&page%5Bnumber%5D=2',
      first: '/api/v4/filters?include=user.other&q=ann&page%5Bnumber%5D=1',
      last: '/api/v4/filters?include=user.other&q=ann&page%5Bnumber%5D=4',
      prev: '/api/v4/filters?include=user.other&q=ann&page%5Bnumber%5D=1',
      next: '/api/v4/filters?include=user.other&q=ann&page%5Bnumber%5D=3',
    });
  });

  it('has no prev on the first page and no next on the last; no hits is one page', () => {
    expect(searchPageLinks(url, 1, 20, 0)).toMatchObject({ prev: null, next: null });
    expect(searchPageLinks(url, 1, 20, 0).last).toContain('page%5Bnumber%5D=1');
  });

  it('points prev of a page past the end at the last page', () => {
    expect(searchPageLinks(url, 9, 20, 30).prev).toContain('page%5Bnumber%5D=2');
  });
});
