import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EmbedQuerySchema,
  parseEmbed,
  SetOwnStatusBodySchema,
  TeamListResponseSchema,
  NoQuerySchema,
  UserIdOrUuidParamSchema,
  UserSchema,
  UserStatusEntrySchema,
  UsersStatusesQuerySchema,
  UsersStatusesResponseSchema,
} from '@pando/domain';
import { callerOf, loaded, scoped, SELF } from '../authz/access.js';
import { ERROR_RESPONSES } from '../http/routeShape.js';
import { publicDataOf } from '../teams/repo.js';
import { setOwnStatus, statusesSeenBy, teamsOfUserSeenBy, toWireUser } from './repo.js';

/** People (spec 01 §2 profile, statuses), under /api/v4. */
export default function userRoutes(
  app: FastifyInstance,
  _opts: unknown,
  done: (err?: Error) => void,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/users/statuses',
    {
      schema: {
        querystring: UsersStatusesQuerySchema,
        response: { 200: UsersStatusesResponseSchema, ...ERROR_RESPONSES },
      },
      config: { access: SELF },
    },
    async (req) => {
      const { user } = callerOf(req);
      const { users } = req.query;
      if (users.length === 0) return { results: [] };
      const rows = await statusesSeenBy(app.db, user, users);
      return { results: rows.map((row) => ({ id: row.uuid, status: row.status })) };
    },
  );

  /**
   * PUT /api/v4/users/me/status `{ status: 'AVAILABLE' | 'UNAVAILABLE' }`: a person sets their
   * own availability (UNKNOWN is what others see before anyone set it; it cannot be chosen).
   */
  r.put(
    '/users/me/status',
    {
      schema: {
        body: SetOwnStatusBodySchema,
        response: { 200: UserStatusEntrySchema, ...ERROR_RESPONSES },
      },
      config: { access: SELF },
    },
    async (req) => {
      const { user } = callerOf(req);
      const { status } = req.body;
      await setOwnStatus(app.db, user.id, status, app.config.now());
      app.events.emit('user:changed', { userId: user.id });
      return { id: user.uuid, status };
    },
  );

  // Email and phone are work contact details, shown on the profile (spec 01 §2) to colleagues.
  r.get(
    '/users/:id',
    {
      schema: {
        params: UserIdOrUuidParamSchema,
        querystring: EmbedQuerySchema,
        response: { 200: UserSchema, ...ERROR_RESPONSES },
      },
      config: { access: scoped('user:network') },
    },
    (req) =>
      Promise.resolve(toWireUser(loaded(req, 'user'), parseEmbed(req.query.embed).has('hospital'))),
  );

  r.get(
    '/users/:id/teams',
    {
      schema: {
        params: UserIdOrUuidParamSchema,
        querystring: NoQuerySchema,
        response: { 200: TeamListResponseSchema, ...ERROR_RESPONSES },
      },
      config: { access: scoped('user:network') },
    },
    async (req) => {
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
    },
  );

  done();
}
