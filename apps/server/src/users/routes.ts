import type { FastifyInstance } from 'fastify';
import { parseEmbed, usersEndpoints } from '@pando/domain';
import { callerOf, loaded } from '../authz/access.js';
import { route } from '../http/endpoint.js';
import { publicDataOf } from '../teams/repo.js';
import { setOwnStatus, statusesSeenBy, teamsOfUserSeenBy, toWireUser } from './repo.js';

/** People (spec 01 §2 profile, statuses), under /api/v4, from their declarations (@pando/domain usersEndpoints). */
export default function userRoutes(
  app: FastifyInstance,
  _opts: unknown,
  done: (err?: Error) => void,
): void {
  const e = usersEndpoints;

  route(app, e.statuses, async (req) => {
    const { user } = callerOf(req);
    const { users } = req.query;
    if (users.length === 0) return { results: [] };
    const rows = await statusesSeenBy(app.db, user, users);
    return { results: rows.map((row) => ({ id: row.uuid, status: row.status })) };
  });

  /**
   * PUT /api/v4/users/me/status `{ status: 'AVAILABLE' | 'UNAVAILABLE' }`: a person sets their
   * own availability (UNKNOWN is what others see before anyone set it; it cannot be chosen).
   */
  route(app, e.setOwnStatus, async (req) => {
    const { user } = callerOf(req);
    const { status } = req.body;
    await setOwnStatus(app.db, user.id, status, app.config.now());
    app.events.emit('user:changed', { userId: user.id });
    return { id: user.uuid, status };
  });

  // Email and phone are work contact details, shown on the profile (spec 01 §2) to colleagues.
  route(app, e.user, (req) =>
    Promise.resolve(toWireUser(loaded(req, 'user'), parseEmbed(req.query.embed).has('hospital'))),
  );

  route(app, e.userTeams, async (req) => {
    const { user } = callerOf(req);
    const target = loaded(req, 'user');
    // Private teams the viewer is not in stay hidden; forums and advice teams are public.
    const rows = await teamsOfUserSeenBy(app.db, target.id, user.id);
    return {
      results: rows.map((t) => ({
        id: t.id,
        name: t.name,
        mim_id: t.mim_id,
        user_ids: t.user_ids,
        discoverable: t.discoverable,
        auto_accept: t.auto_accept,
        public_data: publicDataOf(t.public_data),
        member_of: t.user_ids.includes(user.id),
      })),
    };
  });

  done();
}
