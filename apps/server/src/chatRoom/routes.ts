import type { FastifyInstance } from 'fastify';
import { type ChatRoom, parseEmbed, teamsEndpoints } from '@pando/domain';
import { callerOf } from '../authz/access.js';
import { route } from '../http/endpoint.js';
import { notFound } from '../http/errors.js';
import { adviceTeamNotActive } from '../advice/routes.js';
import { toWireAdvice } from '../advice/repo.js';
import { isAdviceRecord, publicDataOf, toWireTeam } from '../teams/repo.js';
import { advicePeople, type PersonRow, teamPeople } from './repo.js';

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
  route(app, teamsEndpoints.chatRoom, async (req): Promise<ChatRoom> => {
    const { user } = callerOf(req);
    const embed = parseEmbed(req.query.embed);
    const people = async (read: () => Promise<PersonRow[]>) =>
      embed.has('users') ? { users: await read() } : {};

    const { team, advice } = req.scoped ?? {};
    if (team) {
      const wire = toWireTeam(team, user.id);
      return {
        type: 'TEAM',
        entity: {
          ...wire,
          public_data: publicDataOf(team.public_data),
          ...(await people(() => teamPeople(app.db, team.id))),
        },
      };
    }
    if (!advice) throw notFound('Chat room');
    if (!isAdviceRecord({ public_data: advice.team_public_data })) throw adviceTeamNotActive();
    return {
      type: 'ADVICE_CONVERSATION',
      entity: {
        ...toWireAdvice(advice, embed),
        ...(await people(() => advicePeople(app.db, advice.team_id, advice.requestor_id))),
      },
    };
  });
  done();
}
