import { HttpResponse } from 'msw';
import {
  compareSearchHits,
  isForum,
  searchPageLinks,
  usersEndpoints,
  type SearchResultWire,
} from '@pando/domain';
import type { MockBackend, MockTeam, MockUser } from '../backend';
import { declaredHandlers } from './endpoint';
import { wireTeam } from './util';

/**
 * A person as a search hit shows them, field for field the server's (apps/server src/search
 * `hydrate`): no email, access level or features: a search must not show more than the product.
 */
function searchUserHit(backend: MockBackend, user: MockUser): SearchResultWire {
  const hospital = backend.hospital(user.hospital_id);
  return {
    USER: {
      data: {
        id: user.id,
        uuid: user.uuid,
        first_name: user.first_name,
        last_name: user.last_name,
        status: user.status,
        gdpr_accepted: user.gdpr_accepted,
        hospital: hospital ? { name: hospital.name } : null,
        hospital_uuid: hospital?.uuid ?? null,
        role: { description: user.role?.description ?? null },
        speciality: user.speciality,
      },
    },
  };
}

/**
 * GET /filters (spec 01 §7 "Search"), as the server answers it (apps/server src/search): each
 * include adds a kind of hit; people and the forums and advice channels not joined are of my
 * organisation, or with outside-organisation of the other organisations of my network; people
 * then teams in the domain's `compareSearchHits` order, paged together, with the domain's links.
 */
export function searchHandlers(backend: MockBackend) {
  const handle = declaredHandlers(backend);
  return [
    handle(usersEndpoints.search, ({ request, caller: viewer, query }) => {
      const q = query.q.trim().toLowerCase();
      const includes = new Set<string>(query.include);
      const page = query['page[number]'];
      const size = query['page[size]'];
      const network = backend.placement(viewer.hospital_id).network_id;
      const inScope = (hospitalId: number) =>
        query['outside-organisation'] === 'true'
          ? hospitalId !== viewer.hospital_id &&
            network !== null &&
            backend.placement(hospitalId).network_id === network
          : hospitalId === viewer.hospital_id;
      const matches = (text: string) => text.toLowerCase().includes(q);
      const member = (t: MockTeam) => t.user_ids.includes(viewer.id);
      const advice = (t: MockTeam) => t.public_data.enabled;
      const teamKinds: Record<string, (t: MockTeam) => boolean> = {
        'team.member-of': (t) => member(t) && !isForum(t) && !advice(t),
        'team.forum': (t) => isForum(t) && inScope(t.hospital_id),
        'team.forum.member-of': (t) => isForum(t) && member(t),
        'team.advice': (t) => advice(t) && inScope(t.hospital_id),
        'team.advice.member-of': (t) => advice(t) && member(t),
      };
      const users = includes.has('user.other')
        ? backend.state.users.filter(
            (u) =>
              u.id !== viewer.id &&
              !u.blocked &&
              inScope(u.hospital_id) &&
              matches(`${u.first_name} ${u.last_name} ${u.email}`),
          )
        : [];
      const teams = backend.state.teams.filter(
        (t) =>
          matches(t.name) &&
          Object.entries(teamKinds).some(([kind, test]) => includes.has(kind) && test(t)),
      );
      const hits = [
        ...users.map((u) => ({ type: 'USER' as const, ...u })),
        ...teams.map((t) => ({ type: 'TEAM' as const, ...t })),
      ].sort(compareSearchHits);
      const results = hits
        .slice((page - 1) * size, page * size)
        .map((hit): SearchResultWire =>
          hit.type === 'USER'
            ? searchUserHit(backend, hit)
            : { TEAM: { data: wireTeam(hit, viewer) } },
        );
      const url = new URL(request.url);
      return HttpResponse.json({
        results,
        meta: {
          total: hits.length,
          searchResultCount: results.length,
          page: { number: page, size },
        },
        links: searchPageLinks(`${url.pathname}${url.search}`, page, size, hits.length),
      });
    }),
  ];
}
