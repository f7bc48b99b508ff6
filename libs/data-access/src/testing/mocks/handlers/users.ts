import { HttpResponse } from 'msw';
import { parseEmbed, usersEndpoints } from '@pando/domain';
import type { MockBackend } from '../backend';
import { declaredHandlers } from './endpoint';
import type { MockLoaded } from './scopes';
import { wireTeam, wireUser } from './util';

/** The person the 'user:network' rule loaded (scopes/users.ts). */
function target({ user }: Partial<MockLoaded>) {
  if (!user) throw new Error("The 'user:network' scope rule loaded no user.");
  return user;
}

/** Users (spec 01 §7), from their declarations (@pando/domain usersEndpoints). */
export function userHandlers(backend: MockBackend) {
  const handle = declaredHandlers(backend);
  return [
    handle(usersEndpoints.statuses, ({ caller, query }) => {
      const results = backend.state.users
        .filter((u) => query.users.includes(u.uuid) && backend.canSee(caller, u))
        .map((u) => ({ id: u.uuid, status: u.status }));
      return HttpResponse.json({ results });
    }),
    // The header's availability toggle (spec 01 §2); UNKNOWN cannot be chosen (the domain schema).
    handle(usersEndpoints.setOwnStatus, ({ caller, body: { status } }) => {
      caller.status = status;
      return HttpResponse.json({ id: caller.uuid, status });
    }),
    handle(usersEndpoints.user, ({ loaded, query }) =>
      HttpResponse.json(wireUser(backend, target(loaded), parseEmbed(query.embed).has('hospital'))),
    ),
    handle(usersEndpoints.userTeams, ({ caller, loaded }) => {
      const user = target(loaded);
      const results = backend.state.teams
        .filter((t) => t.user_ids.includes(user.id))
        // Private teams the viewer is not in stay hidden; forums and advice teams are public.
        .filter((t) => t.discoverable || t.public_data.enabled || t.user_ids.includes(caller.id))
        .sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()))
        .map((t) => wireTeam(t, caller));
      return HttpResponse.json({ results });
    }),
  ];
}
