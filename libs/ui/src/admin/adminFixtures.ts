import type { AdminUserRow, Invite, Pager } from '@pando/domain';

// Believable console data for the admin stories (the demo organisation of ARCHITECTURE.md).

const FIRST = ['Alice', 'Bob', 'Carol', 'Deepa', 'Emeka', 'Fiona', 'Gareth', 'Hana', 'Ivan', 'Jo'];
const LAST = [
  'Anderson',
  'Brown',
  'Chen',
  'Desai',
  'Eze',
  'Fraser',
  'Griffiths',
  'Hughes',
  'Ivanov',
  'Jones',
];
const ROLES = ['Consultant', 'Nurse', 'Pharmacist', 'Clinical Fellow', 'Physiotherapist'];

export function adminUserRows(count: number, offset = 0): AdminUserRow[] {
  return Array.from({ length: count }, (_, i) => {
    const n = i + offset;
    const first = FIRST[n % FIRST.length] ?? 'Sam';
    const last = `${LAST[n % LAST.length] ?? 'Smith'}${n >= LAST.length ? ` ${String(n)}` : ''}`;
    return {
      id: n + 1,
      first_name: first,
      last_name: last,
      email: `${first.toLowerCase()}.${String(n)}@example.org`,
      role: { role: 'USER', description: ROLES[n % ROLES.length] ?? null },
      speciality: n % 3 === 0 ? 'Cardiology' : n % 3 === 1 ? 'Renal' : null,
      joined_at: new Date(Date.UTC(2025, n % 12, 1 + (n % 27))).toISOString(),
      status: 'AVAILABLE',
      hospital: { name: 'St Elsewhere General' },
    };
  });
}

export const invites: Invite[] = Array.from({ length: 6 }, (_, i) => ({
  id: i + 1,
  email: `new.starter${String(i + 1)}@example.org`,
  approved_by_name: i % 2 ? 'Nadia Network' : 'Olu Organisation',
  sent_at: new Date(Date.UTC(2026, 0, 20 - i, 9, 30)).toISOString(),
}));

export const pagers: Pager[] = [
  {
    id: 1,
    created_at: '2025-09-01T00:00:00.000Z',
    mim_id: '123-456-789',
    name: 'Crash bleep',
    description: 'Resuscitation team',
    assigned_to: 'Bob Brown',
    assigned_at: '2026-01-10T08:00:00.000Z',
  },
  {
    id: 2,
    created_at: '2025-09-01T00:00:00.000Z',
    mim_id: '222-333-444',
    name: 'Night nurse practitioner',
    description: null,
    assigned_to: null,
    assigned_at: null,
  },
];
