import { z } from 'zod';
import {
  SEARCH_INCLUDE_CHOICES,
  SEARCH_INCLUDES,
  SEARCH_PAGE_SIZE,
  SEARCH_QUERY_MAX_LENGTH,
} from './constants';
import { buildQueryString } from './encode';
import { lazySchema } from '../wire/lazySchema';

export type SearchInclude = (typeof SEARCH_INCLUDES)[number];
export const SearchIncludeSchema = lazySchema(() => z.enum(SEARCH_INCLUDES));

/** Search state (spec 01 §3): query, includes, filters.outsideOrganisation (default false). */
export interface SearchState {
  query: string;
  includes: SearchInclude[];
  filters: { outsideOrganisation: boolean };
}

export const DEFAULT_SEARCH_STATE: SearchState = {
  query: '',
  includes: [],
  filters: { outsideOrganisation: false },
};

/** Reads the includes of a `?include=a,b` value, dropping unknown ones. */
export function parseIncludes(value: string | null | undefined): SearchInclude[] {
  if (!value) return [];
  const known = new Set<string>(SEARCH_INCLUDES);
  return [...new Set(value.split(','))].filter((v): v is SearchInclude => known.has(v));
}

/**
 * The choices (`SEARCH_INCLUDE_CHOICES[].include`) that includes select: a choice is on when any
 * of its includes is named (`?include=team.forum.member-of` selects Forums). None, or nothing
 * recognised, selects every choice: an open search finds everything.
 */
export function chosenIncludes(includes: readonly SearchInclude[]): SearchInclude[] {
  const chosen = SEARCH_INCLUDE_CHOICES.filter((choice) =>
    choice.asks.some((include) => includes.includes(include)),
  ).map((choice) => choice.include);
  return chosen.length > 0 ? chosen : SEARCH_INCLUDE_CHOICES.map((choice) => choice.include);
}

/** What `/filters` is asked for the chosen choices (`include` parameter), in the table's order. */
export function requestedIncludes(chosen: readonly SearchInclude[]): SearchInclude[] {
  return SEARCH_INCLUDE_CHOICES.filter((choice) => chosen.includes(choice.include)).flatMap(
    (choice) => [...choice.asks],
  );
}

/** The search page's state from its URL query (`/search?include=team.advice`). */
export function searchStateFromParams(params: URLSearchParams): SearchState {
  return {
    query: (params.get('q') ?? '').slice(0, SEARCH_QUERY_MAX_LENGTH),
    includes: parseIncludes(params.get('include')),
    filters: { outsideOrganisation: params.get('outside-organisation') === 'true' },
  };
}

/**
 * `GET /filters?include={list}&q={text}&page[number]={n}&outside-organisation=true` (spec 01 §7).
 * The outside-organisation parameter is only sent when the filter is on.
 */
export function filtersQueryString(state: SearchState, page = 1): string {
  return buildQueryString({
    include: state.includes.length ? state.includes.join(',') : undefined,
    q: state.query.trim() || undefined,
    'page[number]': page,
    'outside-organisation': state.filters.outsideOrganisation ? 'true' : undefined,
  });
}

/**
 * Server-side parse of the /filters query (keys as Fastify's querystring parser gives them). No
 * include means every include.
 */
export const FiltersQuerySchema = lazySchema(() =>
  z.object({
    include: z
      .string()
      .max(300)
      .optional()
      .transform((s) =>
        s
          ? s
              .split(',')
              .map((x) => x.trim())
              .filter(Boolean)
          : [...SEARCH_INCLUDES],
      )
      .pipe(z.array(SearchIncludeSchema).min(1)),
    q: z.string().max(SEARCH_QUERY_MAX_LENGTH).default(''),
    'page[number]': z.coerce.number().int().min(1).max(10_000).default(1),
    'page[size]': z.coerce.number().int().min(1).max(100).default(SEARCH_PAGE_SIZE),
    'outside-organisation': z.enum(['true', 'false']).default('false'),
  }),
);
export type FiltersQuery = z.infer<typeof FiltersQuerySchema>;
