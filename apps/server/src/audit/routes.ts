import type { FastifyInstance } from 'fastify';
import { AUDIT_CSV_MAX_ROWS, auditCsv, auditEndpoints, textsWith } from '@pando/domain';
import { loaded } from '../authz/access.js';
import { route } from '../http/endpoint.js';
import { HttpError } from '../http/errors.js';
import { auditPage, auditWhere, countAuditEvents } from './repo.js';

/**
 * The audit trail for administrators (issue 36): `GET /admin/audit` (paged, newest first) and
 * `GET /admin/audit/export` (the same filtered view as CSV, at most AUDIT_CSV_MAX_ROWS, else 413). Reach
 * and `?organisation=` / `?network=` as every admin list (route config `admin`). Reading the
 * trail is itself recorded. Both from their declarations (@pando/domain auditEndpoints).
 */
export default function auditRoutes(
  app: FastifyInstance,
  _opts: unknown,
  done: (err?: Error) => void,
): void {
  route(
    app,
    auditEndpoints.trail,
    async (req) => {
      const args: unknown[] = [];
      const where = auditWhere(loaded(req, 'reach'), req.query, args);
      const size = req.query['page-size'];
      // One snapshot for the page and its total: read apart, an event written between them
      // (every call writes some) made the total disagree with the pages.
      const { results, total } = await app.db.transaction(async (tx) => {
        await tx.query('set transaction isolation level repeatable read, read only');
        return {
          results: await auditPage(tx, where, args, size, req.query.page * size),
          total: await countAuditEvents(tx, where, args),
        };
      });
      return {
        results,
        page: req.query.page,
        pageSize: size,
        totalResults: total,
      };
    },
    { audit: { action: 'admin.audit.read', resource: 'audit', id: null } },
  );

  route(
    app,
    auditEndpoints.csv,
    async (req, reply) => {
      const args: unknown[] = [];
      const where = auditWhere(loaded(req, 'reach'), req.query, args);
      // Decision: more events than one file holds is refused (413, what to narrow), never cut
      // at the limit: a cut file looks whole, and an auditor would take part of the trail for
      // all of it. One row past the limit tells, without counting the whole view.
      const rows = await auditPage(app.db, where, args, AUDIT_CSV_MAX_ROWS + 1, 0);
      if (rows.length > AUDIT_CSV_MAX_ROWS)
        throw new HttpError(
          413,
          textsWith.auditExportTooLarge(AUDIT_CSV_MAX_ROWS),
          undefined,
          'AUDIT_EXPORT_TOO_LARGE',
        );
      const day = app.config.now().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(auditCsv(rows));
    },
    { audit: { action: 'admin.audit.export', resource: 'audit', id: null } },
  );

  done();
}
