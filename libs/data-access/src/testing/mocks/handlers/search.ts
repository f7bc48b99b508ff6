import { HttpResponse } from 'msw';
import { toWireSearchResult, usersEndpoints, type SearchResult } from '@pando/domain';
import type { MockBackend, MockTeam } from '../backend';
import { declaredHandlers } from './endpoint';
import { wireTeam, wireUser } from './util';

/** GET /filters (spec 01 §7 "Search"): includes select kinds, outside-organisation widens to the network. */
export function searchHandlers(backend: MockBackend) {
  const handle = declaredHandlers(backend);
  return [
    handle(usersEndpoints.search, ({ request, caller: viewer, query }) => {
      const q = query.q.trim().toLowerCase();
      const includes = new Set<string>(query.include);
      const outside = query['outside-organisation'] === 'true';
      const page = query['page[number]'];
      const size = query['page[size]'];
      const inScope = (hospitalId: number) => (outside ? true : hospitalId === viewer.hospital_id);
      const matches = (text: string) => q === '' || text.toLowerCase().includes(q);
      const teamKinds: [string, (t: MockTeam) => boolean][] = [
        [
          'team.member-of',
          (t) => !backend.isForum(t) && !t.public_data.enabled && t.user_ids.includes(viewer.id),
        ],
        ['team.forum', (t) => backend.isForum(t)],
        ['team.forum.member-of', (t) => backend.isForum(t) && t.user_ids.includes(viewer.id)],
        ['team.advice', (t) => t.public_data.enabled],
        ['team.advice.member-of', (t) => t.public_data.enabled && t.user_ids.includes(viewer.id)],
      ];
      const users = includes.has('user.other')
        ? backend.state.users
            .filter(
              (u) => u.id !== viewer.id && backend.canSee(viewer, u) && inScope(u.hospital_id),
            )
            .filter((u) => matches(`${u.first_name} ${u.last_name}`))
            .map((u) => ({
              type: 'USER' as const,
              name: `${u.first_name} ${u.last_name}`,
              data: wireUser(backend, u, true),
            }))
        : [];
      const teams = backend.state.teams
        .filter((t) => backend.canSeeTeam(viewer, t) && inScope(t.hospital_id) && matches(t.name))
        .filter((t) => teamKinds.some(([kind, test]) => includes.has(kind) && test(t)))
        .map((t) => ({ type: 'TEAM' as const, name: t.name, data: wireTeam(t, viewer) }));
      const all = [...users, ...teams].sort((a, b) =>
        a.name.toLowerCase().localeCompare(b.name.toLowerCase()),
      );
      const results = all
        .slice((page - 1) * size, page * size)
        // The server's keyed wire form (`{ USER: { data } }`), as the declaration says.
        .map((hit) => toWireSearchResult(hit as SearchResult));
      const last = Math.max(1, Math.ceil(all.length / size));
      const link = (n: number) => {
        const next = new URL(request.url);
        next.searchParams.set('page[number]', String(n));
        return `${next.pathname}${next.search}`;
      };
      return HttpResponse.json({
        results,
        meta: { total: all.length, searchResultCount: results.length },
        links: {
          next: page < last ? link(page + 1) : null,
          prev: page > 1 ? link(page - 1) : null,
        },
      });
    }),
  ];
}
