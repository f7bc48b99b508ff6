import type { MockUser } from '../../backend';
import { fail, notFound } from '../util';
import type { MockScopes } from './types';

declare module './types' {
  interface MockLoaded {
    /** The person named by `:id` (REST id or uuid), seen by the caller. */
    user: MockUser;
  }
}

/** The people rules of the mock backend (the server's SCOPES in apps/server/src/authz/access.ts). */
export const usersMockScopes: MockScopes = {
  'user:network': (backend, { caller, params }) => {
    const { id } = params;
    const user =
      typeof id === 'number'
        ? backend.userById(id)
        : backend.state.users.find((u) => u.uuid === String(id).toLowerCase());
    // Another network's user is indistinguishable from a missing one.
    if (!user || !backend.canSee(caller, user)) return fail(notFound('User'));
    return { user };
  },
};
