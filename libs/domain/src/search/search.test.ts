import { describe, expect, it } from 'vitest';
import { buildQueryString, encodeQueryValue } from './encode';
import {
  DEFAULT_SEARCH_STATE,
  filtersQueryString,
  FiltersQuerySchema,
  chosenIncludes,
  parseIncludes,
  requestedIncludes,
  searchStateFromParams,
} from './query';
import {
  filterByOrganisation,
  mergeContacts,
  SearchResponseSchema,
  searchResultRoute,
  toWireSearchResult,
  uniqueIds,
  type SearchResult,
} from './results';
import { SEARCH_INCLUDE_CHOICES } from './constants';

const user = (id: number, hospital_uuid: string): SearchResult => ({
  type: 'USER',
  data: { id, uuid: `u${id}`, first_name: 'A', last_name: 'B', status: 'UNKNOWN', hospital_uuid },
});
const team = (id: number, enabled: boolean): SearchResult => ({
  type: 'TEAM',
  data: {
    id,
    name: 'T',
    mim_id: `t${id}`,
    user_ids: [],
    discoverable: true,
    auto_accept: false,
    public_data: { enabled, tips: [], resolved_issues: [] },
  },
});

describe('search (spec 01 §2, §3, §7)', () => {
  it('include choices: Users, Teams, Forums, Ask Advice', () => {
    expect(SEARCH_INCLUDE_CHOICES.map((c) => c.label)).toEqual([
      'Users',
      'Teams',
      'Forums',
      'Ask Advice',
    ]);
  });

  it('an include query (for example team.advice) preselects its choice; none selects every choice', () => {
    expect(chosenIncludes(['team.advice'])).toEqual(['team.advice']);
    expect(chosenIncludes(['team.forum.member-of'])).toEqual(['team.forum']);
    expect(chosenIncludes([])).toEqual([
      'user.other',
      'team.member-of',
      'team.forum',
      'team.advice',
    ]);
  });

  it('each choice asks /filters for its includes (forums and advice also the ones joined)', () => {
    expect(requestedIncludes(['team.forum', 'user.other'])).toEqual([
      'user.other',
      'team.forum',
      'team.forum.member-of',
    ]);
    expect(requestedIncludes([])).toEqual([]);
  });

  it('reads includes and the outside-organisation filter (default false) from the URL', () => {
    expect(searchStateFromParams(new URLSearchParams('include=team.advice'))).toEqual({
      query: '',
      includes: ['team.advice'],
      filters: { outsideOrganisation: false },
    });
    expect(parseIncludes('user.other,bogus,user.other')).toEqual(['user.other']);
    expect(parseIncludes(null)).toEqual([]);
    expect(
      searchStateFromParams(new URLSearchParams('q=bob&outside-organisation=true')).filters,
    ).toEqual({ outsideOrganisation: true });
  });

  it('query values are percent-encoded, also escaping ! ( ) *', () => {
    expect(encodeQueryValue("a b!(c)*'")).toBe("a%20b%21%28c%29%2A'");
    expect(buildQueryString({ q: 'x&y', skip: undefined, n: null, p: 2 })).toBe('q=x%26y&p=2');
  });

  it('builds GET /filters?include=&q=&page[number]=&outside-organisation=true', () => {
    expect(
      filtersQueryString(
        {
          query: ' bob (cardio) ',
          includes: ['user.other', 'team.advice'],
          filters: { outsideOrganisation: true },
        },
        2,
      ),
    ).toBe(
      'include=user.other%2Cteam.advice&q=bob%20%28cardio%29&page%5Bnumber%5D=2&outside-organisation=true',
    );
    expect(filtersQueryString(DEFAULT_SEARCH_STATE)).toBe('page%5Bnumber%5D=1');
  });

  it('the server parses the filters query and names a bad include', () => {
    expect(FiltersQuerySchema.parse({ include: 'user.other', 'page[number]': '3' })).toEqual({
      include: ['user.other'],
      q: '',
      'page[number]': 3,
      'page[size]': 20,
      'outside-organisation': 'false',
    });
    expect(FiltersQuerySchema.parse({}).include).toHaveLength(6);
    expect(FiltersQuerySchema.safeParse({ include: ',' }).error?.issues[0]?.path).toEqual([
      'include',
    ]);
    expect(FiltersQuerySchema.safeParse({ include: 'user.all' }).error?.issues[0]?.path).toEqual([
      'include',
      0,
    ]);
  });

  it('a result opens /users/{id}, /ask-advice/{id} for advice teams, or /teams/{id}', () => {
    expect(searchResultRoute(user(4, 'h1'))).toBe('/users/4');
    expect(searchResultRoute(team(9, true))).toBe('/ask-advice/9');
    expect(searchResultRoute(team(9, false))).toBe('/teams/9');
  });

  it('outside-organisation filter: yes keeps other organisations, no keeps mine', () => {
    const results = [user(1, 'h1'), user(2, 'h2'), team(3, false)];
    expect(filterByOrganisation(results, 'h1', false).map((r) => r.data.id)).toEqual([1, 3]);
    expect(filterByOrganisation(results, 'h1', true).map((r) => r.data.id)).toEqual([2, 3]);
  });

  it('picker results are merged with selected members and de-duplicated by id', () => {
    expect(
      mergeContacts(
        [{ id: 2, n: 's' }],
        [
          { id: 1, n: 'r' },
          { id: 2, n: 'r' },
        ],
      ),
    ).toEqual([
      { id: 2, n: 's' },
      { id: 1, n: 'r' },
    ]);
    expect(uniqueIds([3, 1, 3])).toEqual([3, 1]);
  });

  it('result keys USER and TEAM: the keyed wire form parses into { type, data } and back', () => {
    const wire = {
      results: [toWireSearchResult(user(1, 'h1')), toWireSearchResult(team(2, true))],
      meta: { total: 2, searchResultCount: 2, page: { number: 1, size: 20 } },
      links: { self: '/x', first: '/x', last: '/x', prev: null, next: null },
    };
    expect(wire.results[0]).toHaveProperty('USER.data.uuid', 'u1');
    const parsed = SearchResponseSchema.parse(wire);
    expect(parsed.results.map((r) => r.type)).toEqual(['USER', 'TEAM']);
    expect(parsed.results[1]).toEqual(team(2, true));
    const bad = SearchResponseSchema.safeParse({
      ...wire,
      results: [{ USER: { data: { id: 'x' } } }],
    });
    expect(bad.error?.issues[0]?.path.slice(0, 3)).toEqual(['results', 0, 'data']);
    expect(SearchResponseSchema.safeParse({ ...wire, results: [{ ROOM: {} }] }).success).toBe(
      false,
    );
    expect(SearchResponseSchema.safeParse({ ...wire, results: [null] }).success).toBe(false);
  });

  it('parses the /filters answer and names a bad field', () => {
    const body = SearchResponseSchema.parse({
      results: [user(1, 'h1'), team(2, true)],
      meta: { total: 2, searchResultCount: 2 },
    });
    expect(body.links).toEqual({});
    expect(
      SearchResponseSchema.safeParse({
        results: [{ type: 'ROOM', data: {} }],
        meta: { total: 0, searchResultCount: 0 },
      }).error?.issues[0]?.path,
    ).toEqual(['results', 0, 'type']);
  });
});
