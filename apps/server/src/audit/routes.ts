import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUDIT_CSV_MAX_ROWS,
  type AdminReach,
  type AuditEventRow,
  type AuditFilter,
  AuditFilterSchema,
  AuditPageSchema,
  AuditQuerySchema,
  auditCsv,
  auditWindow,
} from '@pando/domain';
import { loaded, scoped } from '../authz/access.js';
import type { DatabaseTx } from '../db/client.js';
import { reachFilter } from '../admin/repo.js';
import { ERROR_RESPONSES } from '../http/routeShape.js';

interface StoredRow {
  id: number;
  at: Date;
  user_id: number | null;
  user_name: string | null;
  user_email: string | null;
  session_id: number | null;
  access_level: string | null;
  organisation_id: number | null;
  client_ip: string | null;
  user_agent: string | null;
  action: string;
  resource_type: string;
  resource_id: string | null;
  patient_id: number | null;
  outcome: 'allowed' | 'refused';
  status: number;
  detail: Record<string, unknown>;
}

/**
 * The SQL condition of a filtered view within the admin's reach: an organisation admin sees the
 * events of people of their organisation (when they happened), a network admin those of their
 * network, a product admin all (and only they the events of nobody's organisation).
 */
function auditWhere(reach: AdminReach, filter: AuditFilter, args: unknown[]): string {
  const parts = [
    reachFilter(reach, args, { hospital: 'e.organisation_id', network: 'e.network_id' }),
  ];
  const eq = (column: string, value: unknown) => {
    if (value === undefined) return;
    args.push(value);
    parts.push(`${column} = $${String(args.length)}`);
  };
  eq('e.patient_id', filter.patient_id);
  eq('e.user_id', filter.user_id);
  eq('e.action', filter.action);
  eq('e.resource_type', filter.resource_type);
  const { from, to } = auditWindow(filter);
  if (from) {
    args.push(from);
    parts.push(`e.at >= $${String(args.length)}`);
  }
  if (to) {
    args.push(to);
    parts.push(`e.at < $${String(args.length)}`);
  }
  return parts.join(' and ');
}

const SELECT = `select e.id, e.at, e.user_id,
       nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as user_name,
       u.email as user_email, e.session_id, e.access_level, e.organisation_id, e.client_ip,
       e.user_agent, e.action, e.resource_type, e.resource_id, e.patient_id, e.outcome, e.status,
       e.detail
  from audit_events e left join users u on u.id = e.user_id`;

const asRow = (r: StoredRow): AuditEventRow => ({
  ...r,
  at: (r.at instanceof Date ? r.at : new Date(r.at)).toISOString(),
});

async function page(
  db: DatabaseTx,
  where: string,
  args: unknown[],
  limit: number,
  offset: number,
): Promise<AuditEventRow[]> {
  const n = args.length;
  const rows = await db.query<StoredRow>(
    `${SELECT} where ${where} order by e.at desc, e.id desc limit $${String(n + 1)} offset $${String(n + 2)}`,
    [...args, limit, offset],
  );
  return rows.rows.map(asRow);
}

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
        page(app.db, where, args, size, req.query.page * size),
        app.db.query<{ n: number }>(
          `select count(*)::int as n from audit_events e where ${where}`,
          args,
        ),
      ]);
      return {
        results,
        page: req.query.page,
        pageSize: size,
        totalResults: total.rows[0]?.n ?? 0,
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
      const rows = await page(app.db, where, args, AUDIT_CSV_MAX_ROWS, 0);
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
