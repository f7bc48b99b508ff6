import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUDIT_CSV_MAX_ROWS,
  AuditFilterSchema,
  AuditPageSchema,
  AuditQuerySchema,
  auditCsv,
} from '@pando/domain';
import { loaded, scoped } from '../authz/access.js';
import { ERROR_RESPONSES } from '../http/routeShape.js';
import { auditPage, auditWhere, countAuditEvents } from './repo.js';

/**
 * The audit trail for administrators (issue 36): `GET /admin/audit` (paged, newest first) and
 * `GET /admin/audit/export` (the same filtered view as CSV, at most AUDIT_CSV_MAX_ROWS). Reach
 * and `?organisation=` / `?network=` as every admin list (route config `admin`). Reading the
 * trail is itself recorded.
 */
export default function auditRoutes(
  app: FastifyInstance,
  _opts: unknown,
  done: (err?: Error) => void,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/admin/audit',
    {
      schema: {
        querystring: AuditQuerySchema,
        response: { 200: AuditPageSchema, ...ERROR_RESPONSES },
      },
      config: {
        access: scoped('admin'),
        audit: { action: 'admin.audit.read', resource: 'audit', id: null },
      },
    },
    async (req) => {
      const args: unknown[] = [];
      const where = auditWhere(loaded(req, 'reach'), req.query, args);
      const size = req.query['page-size'];
      const [results, total] = await Promise.all([
        auditPage(app.db, where, args, size, req.query.page * size),
        countAuditEvents(app.db, where, args),
      ]);
      return {
        results,
        page: req.query.page,
        pageSize: size,
        totalResults: total,
      };
    },
  );

  r.get(
    '/admin/audit/export',
    {
      schema: {
        querystring: AuditFilterSchema,
        response: { 200: z.string().describe('text/csv'), ...ERROR_RESPONSES },
      },
      config: {
        access: scoped('admin'),
        audit: { action: 'admin.audit.export', resource: 'audit', id: null },
      },
    },
    async (req, reply) => {
      const args: unknown[] = [];
      const where = auditWhere(loaded(req, 'reach'), req.query, args);
      const rows = await auditPage(app.db, where, args, AUDIT_CSV_MAX_ROWS, 0);
      const day = app.config.now().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(auditCsv(rows));
    },
  );

  done();
}
