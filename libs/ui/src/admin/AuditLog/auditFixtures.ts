import type { AuditEventRow } from '@pando/domain';

// Believable audit events for the stories (the demo organisation of ARCHITECTURE.md).

const PEOPLE = [
  { id: 2, name: 'Alice Anderson', email: 'alice@example.org' },
  { id: 3, name: 'Bob Brown', email: 'bob@example.org' },
  { id: 7, name: 'Deepa Desai', email: 'deepa.desai@example.org' },
];
const ACTIONS: [string, string][] = [
  ['card.read', 'card'],
  ['card.email', 'card'],
  ['patient_image.read', 'patient_image'],
  ['card.update', 'card'],
  ['login.success', 'session'],
  ['admin.user.update', 'user'],
];

/** `count` events, newest first, a minute apart from 28/11/2026 09:30 UTC. */
export function auditEvents(count: number): AuditEventRow[] {
  return Array.from({ length: count }, (_, i) => {
    const who = PEOPLE[i % PEOPLE.length] ?? { id: 2, name: 'Alice Anderson', email: '' };
    const [action, resource] = ACTIONS[i % ACTIONS.length] ?? ['card.read', 'card'];
    const onPatient = resource === 'card' || resource === 'patient_image';
    const refused = i % 7 === 6;
    return {
      id: 1000 - i,
      at: new Date(Date.UTC(2026, 10, 28, 9, 30 - i)).toISOString(),
      user_id: who.id,
      user_name: who.name,
      user_email: who.email,
      session_id: 500 + who.id,
      access_level: 'USER_VERIFIED',
      organisation_id: 1,
      client_ip: `10.0.0.${String(10 + (i % 5))}`,
      user_agent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0',
      action,
      resource_type: resource,
      resource_id: resource === 'session' ? null : String(40 + (i % 9)),
      patient_id: onPatient ? 12 + (i % 3) : null,
      outcome: refused ? 'refused' : 'allowed',
      status: refused ? 403 : 200,
      detail: action === 'card.email' ? { recipient: who.email } : {},
    };
  });
}
