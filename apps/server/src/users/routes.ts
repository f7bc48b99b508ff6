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
import { asUuid, toWireUser } from './repo.js';

interface TeamRow {
  id: number;
  name: string;
  mim_id: string;
  discoverable: boolean;
  auto_accept: boolean;
  public_data: Record<string, unknown>;
  user_ids: number[];
}

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
      const r = await app.db.query<{
        uuid: string;
        status: 'AVAILABLE' | 'UNAVAILABLE' | 'UNKNOWN';
      }>(
        `select u.uuid, u.status from users u left join hospitals h on h.id = u.hospital_id
        where u.uuid = any($1::uuid[])
          and ($2::boolean or u.hospital_id = $3 or ($4::int is not null and h.network_id = $4))`,
        [
          users.map(asUuid).filter((u) => u !== undefined),
          user.access_level === 'PANDO_ADMIN',
          user.hospital_id,
          user.network_id,
        ],
      );
      return { results: r.rows.map((row) => ({ id: row.uuid, status: row.status })) };
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
      await app.db.query('update users set status = $2, modified_at = $3 where id = $1', [
        user.id,
        status,
        app.config.now(),
      ]);
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
      const r = await app.db.query<TeamRow>(
        `select t.id, t.name, t.mim_id, t.discoverable, t.auto_accept, t.public_data,
              array(select m2.user_id from team_members m2 where m2.team_id = t.id order by m2.user_id) as user_ids
         from teams t join team_members m on m.team_id = t.id and m.user_id = $1
        where t.deleted_at is null
          and (t.discoverable or coalesce((t.public_data->>'enabled')::boolean, false)
               or exists(select 1 from team_members v where v.team_id = t.id and v.user_id = $2))
        order by lower(t.name)`,
        [target.id, user.id],
      );
      return {
        results: r.rows.map((t) => ({
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
