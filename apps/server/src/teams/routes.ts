import type { FastifyInstance } from 'fastify';
import { registerTeamMemberRoutes } from './memberRoutes.js';
import { registerTeamCrudRoutes } from './teamCrudRoutes.js';

export { joinForumOnPost } from './forumJoin.js';

/**
 * Teams and forums (spec 01 §5, §6), under /api/v4. Access rules are route config
 * (src/authz/access.ts): a handler receives the team its guard loaded and checked.
 */
export default function teamRoutes(
  app: FastifyInstance,
  _opts: unknown,
  done: (err?: Error) => void,
): void {
  registerTeamCrudRoutes(app);
  registerTeamMemberRoutes(app);
  done();
}
