import type { AdminReach, AuditEventRow, AuditFilter } from '@pando/domain';
import { auditWindow, displayName } from '@pando/domain';
import { reachFilter } from '../admin/repo.js';
import type { DatabaseTx } from '../db/client.js';
import type { auditEvents, users } from '../db/schema/index.js';

// Reading the audit trail (routes.ts): the filtered view within an admin's reach, a page of it
// newest first, and how many events it holds. Writing it is trail.ts and chain.ts.

type StoredRow = Pick<
  typeof auditEvents.$inferSelect,
  | 'id'
  | 'at'
  | 'user_id'
  | 'session_id'
  | 'access_level'
  | 'organisation_id'
  | 'client_ip'
  | 'user_agent'
  | 'action'
  | 'resource_type'
  | 'resource_id'
  | 'patient_id'
  | 'outcome'
  | 'status'
  | 'detail'
> & {
  /** The user's names and email, null without a user (left join). */
  first_name: (typeof users.$inferSelect)['first_name'] | null;
  last_name: (typeof users.$inferSelect)['last_name'] | null;
  user_email: (typeof users.$inferSelect)['email'] | null;
};

/**
 * The SQL condition of a filtered view within the admin's reach: an organisation admin sees the
 * events of people of their organisation (when they happened), a network admin those of their
 * network, a product admin all (and only they the events of nobody's organisation).
 */
export function auditWhere(reach: AdminReach, filter: AuditFilter, args: unknown[]): string {
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

const SELECT = `select e.id, e.at, e.user_id, u.first_name, u.last_name, u.email as user_email,
       e.session_id, e.access_level, e.organisation_id, e.client_ip, e.user_agent, e.action,
       e.resource_type, e.resource_id, e.patient_id, e.outcome, e.status, e.detail
  from audit_events e left join users u on u.id = e.user_id`;

// The actor is named as on every other screen (`displayName`: a nameless person by their email);
// null only when the event has no person (a failed login of an unknown email).
const asRow = ({ first_name, last_name, ...r }: StoredRow): AuditEventRow => ({
  ...r,
  user_name:
    r.user_email === null ? null : displayName({ first_name, last_name, email: r.user_email }),
  at: (r.at instanceof Date ? r.at : new Date(r.at)).toISOString(),
});

export async function auditPage(
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

/** How many events the filtered view (`auditWhere` and its `args`) holds. */
export async function countAuditEvents(
  db: DatabaseTx,
  where: string,
  args: unknown[],
): Promise<number> {
  const total = await db.query<{ n: number }>(
    `select count(*)::int as n from audit_events e where ${where}`,
    args,
  );
  return total.rows[0]?.n ?? 0;
}
