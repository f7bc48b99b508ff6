import type { FastifyInstance } from 'fastify';
import { patientsEndpoints } from '@pando/domain';
import { callerOf } from '../authz/access.js';
import { route } from '../http/endpoint.js';
import { listTasks } from './repo.js';

/** The tasks of the caller's cards (spec 01 §7). */
export function registerTaskRoutes(app: FastifyInstance): void {
  route(
    app,
    patientsEndpoints.tasks,
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
    {
      audit: {
        action: 'task_list.read',
        resource: 'task_list',
        read: true,
        id: { query: 'patient_card_id' },
      },
    },
  );
}
