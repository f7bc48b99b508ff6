import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  IdSchema,
  SetOwnStatusBodySchema,
  type UsersStatusesResponse,
  UsersStatusesQuerySchema,
} from '@pando/domain';
import { requireUser } from '../auth/sessions.js';
import { notFound, parseInput } from '../http/errors.js';
import {
  asUuid,
  canSee,
  findUserById,
  findUserByUuid,
  toWireUser,
  type UserRecord,
} from './repo.js';

/** `{id}` is the numeric id, or the uuid (the chat knows people by uuid). */
const UserIdParamSchema = z.object({
  id: z.union([
    z.coerce.number().pipe(IdSchema),
    z.string().regex(/^[0-9a-fA-F-]{36}$/, 'must be a user id or uuid'),
  ]),
});
const EmbedQuerySchema = z.object({ embed: z.string().max(200).optional() });

interface TeamRow {
  id: number;
  name: string;
  mim_id: string;
  discoverable: boolean;
  auto_accept: boolean;
  public_data: Record<string, unknown>;
  user_ids: number[];
}

export function registerUserRoutes(app: FastifyInstance): void {
  async function visibleUser(viewer: UserRecord, raw: unknown): Promise<UserRecord> {
    const { id } = parseInput(UserIdParamSchema, raw);
    const target =
      typeof id === 'number' ? await findUserById(app.db, id) : await findUserByUuid(app.db, id);
    // Another network's user is indistinguishable from a missing one.
    if (!target || !canSee(viewer, target)) throw notFound('User');
    return target;
  }

  app.get('/api/v4/users/statuses', async (req): Promise<UsersStatusesResponse> => {
    const auth = await requireUser(app, req);
    const { users } = parseInput(UsersStatusesQuerySchema, req.query);
    if (users.length === 0) return { results: [] };
    const r = await app.db.query<{ uuid: string; status: 'AVAILABLE' | 'UNAVAILABLE' | 'UNKNOWN' }>(
      `select u.uuid, u.status from users u left join hospitals h on h.id = u.hospital_id
        where u.uuid = any($1::uuid[])
          and ($2::boolean or u.hospital_id = $3 or ($4::int is not null and h.network_id = $4))`,
      [
        users.map(asUuid).filter((u) => u !== undefined),
        auth.user.access_level === 'PANDO_ADMIN',
        auth.user.hospital_id,
        auth.user.network_id,
      ],
    );
    return { results: r.rows.map((row) => ({ id: row.uuid, status: row.status })) };
  });

  /**
   * PUT /api/v4/users/me/status `{ status: 'AVAILABLE' | 'UNAVAILABLE' }`: a person sets their
   * own availability (UNKNOWN is what others see before anyone set it; it cannot be chosen).
   */
  app.put('/api/v4/users/me/status', async (req) => {
    const auth = await requireUser(app, req);
    const { status } = parseInput(SetOwnStatusBodySchema, req.body);
    await app.db.query('update users set status = $2, modified_at = $3 where id = $1', [
      auth.user.id,
      status,
      app.config.now(),
    ]);
    app.events.emit('user:changed', { userId: auth.user.id });
    return { id: auth.user.uuid, status };
  });

  app.get('/api/v4/users/:id', async (req) => {
    const auth = await requireUser(app, req);
    const { embed } = parseInput(EmbedQuerySchema, req.query);
    const target = await visibleUser(auth.user, req.params);
    const user = toWireUser(target, (embed ?? '').split(',').includes('hospital'));
    // Email and phone are work contact details, shown on the profile (spec 01 §2) to colleagues.
    return user;
  });

  app.get('/api/v4/users/:id/teams', async (req) => {
    const auth = await requireUser(app, req);
    const target = await visibleUser(auth.user, req.params);
    // Private teams the viewer is not in stay hidden; forums and advice teams are public.
    const r = await app.db.query<TeamRow>(
      `select t.id, t.name, t.mim_id, t.discoverable, t.auto_accept, t.public_data,
              array(select m2.user_id from team_members m2 where m2.team_id = t.id order by m2.user_id) as user_ids
         from teams t join team_members m on m.team_id = t.id and m.user_id = $1
        where t.deleted_at is null
          and (t.discoverable or coalesce((t.public_data->>'enabled')::boolean, false)
               or exists(select 1 from team_members v where v.team_id = t.id and v.user_id = $2))
        order by lower(t.name)`,
      [target.id, auth.user.id],
    );
    return {
      results: r.rows.map((t) => ({
        id: t.id,
        name: t.name,
        mim_id: t.mim_id,
        user_ids: t.user_ids,
        discoverable: t.discoverable,
        auto_accept: t.auto_accept,
        public_data: t.public_data,
        member_of: t.user_ids.includes(auth.user.id),
      })),
    };
  });
}
