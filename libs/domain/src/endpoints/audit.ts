import { z } from 'zod';
import { AuditFilterSchema, AuditPageSchema, AuditQuerySchema } from '../audit/schemas';
import { ACCESS, endpoint } from './endpoint';
import { lazySchema } from '../wire/lazySchema';

/**
 * The audit trail for administrators (issue 36): a page of it (newest first) and the same
 * filtered view as CSV (at most AUDIT_CSV_MAX_ROWS). Reach and `?organisation=` / `?network=` as
 * every admin list (the 'admin' rule).
 */
export const auditEndpoints = {
  trail: endpoint({
    method: 'GET',
    path: '/admin/audit',
    query: AuditQuerySchema,
    responses: { 200: AuditPageSchema },
    access: ACCESS.scoped('admin'),
  }),
  csv: endpoint({
    method: 'GET',
    path: '/admin/audit/export',
    query: AuditFilterSchema,
    responses: { 200: lazySchema(() => z.string().describe('text/csv')) },
    access: ACCESS.scoped('admin'),
  }),
};
