import { HttpResponse } from 'msw';
import { http } from './http';
import { SetOwnStatusBodySchema } from '@pando/domain';
import type { MockBackend, MockUser } from '../backend';
import { guard } from './guard';
import { api, embeds, fail, notFound, parseBody, requireUser, wireTeam, wireUser } from './util';

function findVisibleUser(
  backend: MockBackend,
  viewer: MockUser,
  raw: string | readonly string[] | undefined,
) {
  const key = String(raw);
  const target = /^\d+$/.test(key)
    ? backend.userById(Number(key))
    : backend.state.users.find((u) => u.uuid === key);
  // Another network's user is indistinguishable from a missing one.
  if (!target || !backend.canSee(viewer, target)) return fail(notFound('User'));
  return target;
}

/** Users (spec 01 §7). */
export function userHandlers(backend: MockBackend) {
  return [
    http.get(
      api('/users/statuses'),
      guard(({ request, cookies }) => {
        const viewer = requireUser(backend, cookies, request);
        const uuids = (new URL(request.url).searchParams.get('users') ?? '')
          .split(',')
          .filter(Boolean);
        const results = backend.state.users
          .filter((u) => uuids.includes(u.uuid) && backend.canSee(viewer, u))
          .map((u) => ({ id: u.uuid, status: u.status }));
        return HttpResponse.json({ results });
      }),
    ),
    // The header's availability toggle (spec 01 §2); UNKNOWN cannot be chosen (the domain schema).
    http.put(
      api('/users/me/status'),
      guard(async ({ request, cookies }) => {
        const viewer = requireUser(backend, cookies, request);
        const { status } = await parseBody(request, SetOwnStatusBodySchema);
        viewer.status = status;
        return HttpResponse.json({ id: viewer.uuid, status });
      }),
    ),
    http.get(
      api('/users/:id'),
      guard(({ request, cookies, params }) => {
        const viewer = requireUser(backend, cookies, request);
        const target = findVisibleUser(backend, viewer, params.id);
        return HttpResponse.json(wireUser(backend, target, embeds(request).has('hospital')));
      }),
    ),
    http.get(
      api('/users/:id/teams'),
      guard(({ request, cookies, params }) => {
        const viewer = requireUser(backend, cookies, request);
        const target = findVisibleUser(backend, viewer, params.id);
        const results = backend.state.teams
          .filter((t) => t.user_ids.includes(target.id))
          // Private teams the viewer is not in stay hidden; forums and advice teams are public.
          .filter((t) => t.discoverable || t.public_data.enabled || t.user_ids.includes(viewer.id))
          .sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()))
          .map((t) => wireTeam(t, viewer));
        return HttpResponse.json({ results });
      }),
    ),
  ];
}
