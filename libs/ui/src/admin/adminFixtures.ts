import type { AdminUserRow, AdviceChannel, AdminTeam, Invite, Network, Pager } from '@pando/domain';

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

export const adviceChannels: AdviceChannel[] = [
  {
    id: 1,
    name: 'Cardiology Advice',
    description: 'Ask the on-call cardiology registrar',
    member_count: 3,
    resolved_issues: 17,
    created_at: '2025-11-02T10:00:00.000Z',
    members: [],
  },
  {
    id: 2,
    name: 'Renal Advice',
    description: null,
    member_count: 1,
    resolved_issues: 0,
    created_at: '2026-01-04T10:00:00.000Z',
    members: [],
  },
];

export const adminTeams: AdminTeam[] = [
  {
    id: 1,
    name: 'Ward 7 Team',
    members: [1, 2],
    member_count: 2,
    discoverable: false,
    auto_accept: false,
    created_at: '2025-10-01T10:00:00.000Z',
  },
  {
    id: 2,
    name: 'Junior Doctors Forum',
    members: [1, 2, 3],
    member_count: 3,
    discoverable: true,
    auto_accept: true,
    created_at: '2025-10-03T10:00:00.000Z',
  },
];

export const networks: Network[] = [
  {
    id: 1,
    name: 'Demo Health Network',
    status: 'ACTIVATED',
    created_at: '2025-01-01T00:00:00.000Z',
    modified_at: '2025-06-01T00:00:00.000Z',
    default_organisation: { id: 1, name: 'St Elsewhere General' },
    features: { user_invite_by_email: true },
  },
  {
    id: 2,
    name: 'Northgate Network',
    status: 'PENDING',
    created_at: '2025-02-01T00:00:00.000Z',
    modified_at: '2025-02-01T00:00:00.000Z',
    default_organisation: null,
    features: {},
  },
];

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
