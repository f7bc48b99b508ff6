import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { resultsOf, TaskListQuerySchema, TaskSchema } from '@pando/domain';
import { callerOf, SELF } from '../authz/access.js';
import { ERROR_RESPONSES } from '../http/routeShape.js';
import { listTasks } from './repo.js';

/** The tasks of the caller's cards (spec 01 §7). */
export function registerTaskRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/tasks-multiple-reassign',
    {
      schema: {
        querystring: TaskListQuerySchema,
        response: { 200: resultsOf(TaskSchema), ...ERROR_RESPONSES },
      },
      config: {
        access: SELF,
        audit: {
          action: 'task_list.read',
          resource: 'task_list',
          read: true,
          id: { query: 'patient_card_id' },
        },
      },
    },
    async (req) => {
      const { user } = callerOf(req);
      const q = req.query;
      const results = await listTasks(app.db, user.id, {
        completed: q.completed === undefined ? undefined : q.completed === 'true',
        offset: q.offset,
        limit: q.limit,
        cardId: q.patient_card_id,
      });
      return { results };
    },
  );
}
