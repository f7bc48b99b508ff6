import { formatDateTime, TEXTS, type AuditEventRow } from '@pando/domain';

/*
 * How an audit event reads on screen (issue 36): the action and the resource in words (TEXTS),
 * the person by name, the time as dd/mm/yyyy HH:mm in this device's zone, and the event's detail
 * (an email's recipient first, since that is what a reviewer looks for).
 */

const ACTIONS: Readonly<Record<string, string>> = TEXTS.auditActions;
const RESOURCES: Readonly<Record<string, string>> = TEXTS.auditResources;

/** `card.email` → "Emailed a patient card"; an action without words reads as recorded. */
export const actionText = (action: string): string => ACTIONS[action] ?? action;

/** `card` → "Patient card"; a type without words reads as recorded. */
const resourceText = (type: string): string => RESOURCES[type] ?? type;

/** The action words for the filter's choices, in the order of TEXTS. */
export const actionOptions = Object.entries(ACTIONS).map(([value, label]) => ({ value, label }));
export const resourceOptions = Object.entries(RESOURCES).map(([value, label]) => ({
  value,
  label,
}));

export const whenText = (event: AuditEventRow): string => formatDateTime(new Date(event.at));

/** The person's name, else their email, else "Unknown person" (a failed login of no account). */
export const whoText = (event: AuditEventRow): string =>
  event.user_name ?? event.user_email ?? 'Unknown person';

/** "Patient card 12", "Login". */
export const resourceLine = (event: AuditEventRow): string =>
  event.resource_id
    ? `${resourceText(event.resource_type)} ${event.resource_id}`
    : resourceText(event.resource_type);

/** "Allowed", or "Refused (403)". */
export const outcomeText = (event: AuditEventRow): string =>
  event.outcome === 'allowed' ? 'Allowed' : `Refused (${String(event.status)})`;

const words = (key: string) => key.replace(/_/g, ' ');

function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(valueText).join(', ');
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** "Sent to alice@example.org · filename: scan.pdf"; '' when the event has no detail. */
export function detailText(detail: Record<string, unknown>): string {
  const parts: string[] = [];
  const { recipient, ...rest } = detail;
  if (typeof recipient === 'string' && recipient) parts.push(`Sent to ${recipient}`);
  for (const [key, value] of Object.entries(rest)) {
    const text = valueText(value);
    if (text) parts.push(`${words(key)}: ${text}`);
  }
  return parts.join(' · ');
}
