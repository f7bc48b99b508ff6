import {
  pathOf,
  SearchResponseSchema,
  usersEndpoints,
  type SearchInclude,
  type SearchResponse,
} from '@pando/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { HttpClient } from '../http/createHttpClient';
import { orThrowBadRequest } from '../http/errors';
import { useHttpClient } from './PandoApiProvider';
import { STALE } from './stale';

/** Spec 01 §3 "Search state": query, includes, filters.outsideOrganisation (default false). */
export interface SearchParams {
  query: string;
  includes: readonly SearchInclude[];
  outsideOrganisation?: boolean;
}

/**
 * GET /filters?include={list}&q={text}&page[number]={n}&outside-organisation=true. Pages count
 * from 1 (the JSON:API style the `page[number]` parameter comes from). `outside-organisation` is
 * sent only when set, as the spec's call shows it.
 */
export async function search(http: HttpClient, params: SearchParams, page = 1) {
  // The URL is the declaration's (@pando/domain usersEndpoints.search); the answer is read with
  // the client's schema, which also takes the `{ type, data }` form of a result besides the
  // server's keyed one, and gives the screens `{ type, data }`.
  return orThrowBadRequest(
    await http.request({
      method: usersEndpoints.search.method,
      path: pathOf(usersEndpoints.search, undefined),
      query: {
        include: params.includes,
        q: params.query.trim() === '' ? undefined : params.query,
        'page[number]': page,
        'outside-organisation': params.outsideOrganisation ? true : undefined,
      },
      schema: SearchResponseSchema,
    }),
  );
}

/** Next page number, or undefined once every hit has been loaded. */
function nextSearchPage(
  lastPage: SearchResponse,
  allPages: readonly SearchResponse[],
): number | undefined {
  const loaded = allPages.reduce((sum, page) => sum + page.results.length, 0);
  if (lastPage.results.length === 0 || loaded >= lastPage.meta.total) return undefined;
  return allPages.length + 1;
}

const searchKeys = {
  all: ['search'] as const,
  results: (params: SearchParams) =>
    [
      ...searchKeys.all,
      params.query,
      [...params.includes].sort(),
      params.outsideOrganisation ?? false,
    ] as const,
};

export function useSearchInfiniteQuery(params: SearchParams, options: { enabled?: boolean } = {}) {
  const http = useHttpClient();
  return useInfiniteQuery({
    queryKey: searchKeys.results(params),
    queryFn: ({ pageParam }) => search(http, params, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextSearchPage,
    enabled: options.enabled ?? true,
    staleTime: STALE.search,
  });
}
