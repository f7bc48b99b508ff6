import { describe, expect, it } from 'vitest';
import { compareSearchHits, searchPageLinks, type SearchHitName } from './paging';

const user = (id: number, first_name: string, last_name: string): SearchHitName => ({
  type: 'USER',
  id,
  first_name,
  last_name,
});
const team = (id: number, name: string): SearchHitName => ({ type: 'TEAM', id, name });

describe('search hits order (spec 01 §2: people by last name, then teams by name)', () => {
  it('lists people before teams, people by last then first name, teams by name, case-insensitive', () => {
    const hits = [
      team(1, 'ward 7 Team'),
      user(2, 'Zoe', 'adams'),
      team(3, 'Cardiology Advice'),
      user(4, 'Alice', 'Smith'),
      user(5, 'Bob', 'Adams'),
    ];
    expect([...hits].sort(compareSearchHits).map((h) => h.id)).toEqual([5, 2, 4, 3, 1]);
  });

  it('orders equal names by id, so pages never repeat or skip a hit', () => {
    expect(
      [user(9, 'Sam', 'Lee'), user(3, 'Sam', 'Lee')].sort(compareSearchHits).map((h) => h.id),
    ).toEqual([3, 9]);
  });
});

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
