import { csvText } from '../files/csv';
import type { AuditEventRow, AuditFilter } from './schemas';

/** The most events one CSV export holds (newest first); narrow the filters for older ones. */
export const AUDIT_CSV_MAX_ROWS = 50_000;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The time window of a filter: `from` included, `to` excluded; a calendar day (UTC) means its
 * start for `from` and the whole day for `to`. An invalid window (`to` before `from`) is empty.
 */
export function auditWindow(filter: Pick<AuditFilter, 'from' | 'to'>): {
  from: Date | undefined;
  to: Date | undefined;
} {
  const from = filter.from
    ? new Date(DAY.test(filter.from) ? `${filter.from}T00:00:00Z` : filter.from)
    : undefined;
  let to: Date | undefined;
  if (filter.to) {
    to = new Date(DAY.test(filter.to) ? `${filter.to}T00:00:00Z` : filter.to);
    if (DAY.test(filter.to)) to = new Date(to.getTime() + 86_400_000);
  }
  return { from, to };
}

const CSV_COLUMNS = [
  'time',
  'user_id',
  'user_name',
  'user_email',
  'access_level',
  'organisation_id',
  'session_id',
  'client_ip',
  'user_agent',
  'action',
  'resource_type',
  'resource_id',
  'patient_id',
  'outcome',
  'status',
  'detail',
] as const;

/**
 * The audit trail's CSV (comma, CRLF, a header row). Every cell is formula-escaped (a leading
 * `=`, `+`, `-`, `@`, tab or carriage return gets a `'`; `csvText`), as the forms' CSV export:
 * a spreadsheet never runs a user agent or an email address written by someone else.
 */
export function auditCsv(events: readonly AuditEventRow[]): string {
  return csvText(
    CSV_COLUMNS,
    events.map((e) => [
      e.at,
      e.user_id ?? '',
      e.user_name ?? '',
      e.user_email ?? '',
      e.access_level ?? '',
      e.organisation_id ?? '',
      e.session_id ?? '',
      e.client_ip ?? '',
      e.user_agent ?? '',
      e.action,
      e.resource_type,
      e.resource_id ?? '',
      e.patient_id ?? '',
      e.outcome,
      e.status,
      Object.keys(e.detail).length > 0 ? JSON.stringify(e.detail) : '',
    ]),
  );
}
