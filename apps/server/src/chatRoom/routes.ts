import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  type ChatRoom,
  ChatRoomSchema,
  EmbedQuerySchema,
  MimIdParamSchema,
  parseEmbed,
} from '@pando/domain';
import { callerOf, scoped } from '../authz/access.js';
import { notFound } from '../http/errors.js';
import { ERROR_RESPONSES } from '../http/routeShape.js';
import { adviceTeamNotActive } from '../advice/routes.js';
import { toWireAdvice } from '../advice/repo.js';
import { isAdviceRecord, publicDataOf, toWireTeam } from '../teams/repo.js';

interface PersonRow {
  id: number;
  uuid: string;
  first_name: string;
  last_name: string;
}

/**
 * GET /chat-room/{mimId}: what a room of the inbox is. A team (or forum) the caller may read, or
 * an advice conversation they take part in. An advice conversation whose team is no longer an
 * advice channel answers 409 ADVICE_TEAM_NOT_ACTIVE (the client only logs it, spec 01 §8).
 * `embed=users` adds the room's people (team members; for advice, requestor and team members).
 */
export default function chatRoomRoutes(
  app: FastifyInstance,
  _opts: unknown,
  done: (err?: Error) => void,
): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/chat-room/:mimId',
    {
      schema: {
        params: MimIdParamSchema,
        querystring: EmbedQuerySchema,
        response: { 200: ChatRoomSchema, ...ERROR_RESPONSES },
      },
      config: { access: scoped('room:participant') },
    },
    async (req): Promise<ChatRoom> => {
      const { user } = callerOf(req);
      const embed = parseEmbed(req.query.embed);
      const people = async (sql: string, params: unknown[]) =>
        embed.has('users') ? { users: (await app.db.query<PersonRow>(sql, params)).rows } : {};

      const { team, advice } = req.scoped ?? {};
      if (team) {
        const wire = toWireTeam(team, user.id);
        return {
          type: 'TEAM',
          entity: {
            ...wire,
            public_data: publicDataOf(team.public_data),
            ...(await people(
              `select u.id, u.uuid::text as uuid, u.first_name, u.last_name from team_members m join users u on u.id = m.user_id
              where m.team_id = $1 order by lower(u.last_name), u.id limit 1000`,
              [team.id],
            )),
          },
        };
      }
      if (!advice) throw notFound('Chat room');
      if (!isAdviceRecord({ public_data: advice.team_public_data })) throw adviceTeamNotActive();
      return {
        type: 'ADVICE_CONVERSATION',
        entity: {
          ...toWireAdvice(advice, embed),
          ...(await people(
            `select u.id, u.uuid::text as uuid, u.first_name, u.last_name from users u
            where u.id = $2 or u.id in (select m.user_id from team_members m where m.team_id = $1)
            order by lower(u.last_name), u.id limit 1001`,
            [advice.team_id, advice.requestor_id],
          )),
        },
      };
    },
  );
  done();
}
