import {
  DEMO_DUMMY_NETWORK_NAMES,
  DEMO_INVITE_EMAIL,
  DEMO_ORGANISATIONS,
  DEMO_PEOPLE,
  demoAnalyticsHistory,
  generateDemoOrganisation,
} from '@pando/domain/demo';
import { MOCK_NETWORKS_TOTAL, inviteeName } from '@pando/domain';
import { mockUuid, type MockBackend, type MockTeam } from './backend';

/**
 * What the admin console (spec 02) keeps beside the clinicians' mock state: invitations, pagers,
 * 30 days of analytics events, the network and team fields only the console reads, and the
 * export requests. Kept per backend (a WeakMap) and seeded on first use from the same demo data
 * as the real server (@pando/domain/demo), so `MockState` is not reshaped for spec 02.
 */
export interface MockInvite {
  id: number;
  email: string;
  hospital_id: number;
  approved_by_id: number | null;
  sent_at: string;
  /** Accepted (the invitee logged in) or rescinded: no longer pending. */
  closed: boolean;
}
interface MockPager {
  id: number;
  created_at: string;
  mim_id: string;
  name: string;
  description: string | null;
  hospital_id: number;
  assigned_to_id: number | null;
  assigned_at: string | null;
}
export interface MockAnalyticsEvent {
  type: 'login' | 'session_started' | 'message_sent';
  at: number;
  /** The person's email (the generated staff of the demo are not all mock users). */
  user: string;
  hospital_id: number | null;
  network_id: number | null;
  role: string;
  has_image: boolean;
}
interface MockNetworkMeta {
  status: 'ACTIVATED' | 'PENDING';
  created_at: string;
  modified_at: string;
  default_organisation_id: number | null;
}
export interface MockTeamMeta {
  description: string | null;
  created_at: string;
}
export interface AdminStore {
  invites: MockInvite[];
  pagers: MockPager[];
  analytics: MockAnalyticsEvent[];
  networks: Map<number, MockNetworkMeta>;
  teams: Map<number, MockTeamMeta>;
  /** Each card's creation time (the report's patient cards). */
  cardsCreated: Map<number, string>;
  exportRequests: unknown[];
  /** The made-up networks that fill the mock network list to its spec size (dummy admin data). */
  dummyNetworks: number[];
  nextId: (kind: 'invites' | 'networks') => number;
}

const stores = new WeakMap<MockBackend, AdminStore>();

const SEEDED_AT = '2026-01-05T09:00:00.000Z';

export function adminStore(backend: MockBackend): AdminStore {
  let store = stores.get(backend);
  if (!store) {
    store = seedAdminStore(backend);
    stores.set(backend, store);
  }
  return store;
}

function seedAdminStore(backend: MockBackend): AdminStore {
  const { state } = backend;
  const counters = { invites: 0, networks: Math.max(0, ...state.networks.map((n) => n.id)) };
  const store: AdminStore = {
    invites: [],
    pagers: [],
    analytics: [],
    networks: new Map(),
    teams: new Map(),
    cardsCreated: new Map(state.cards.map((c) => [c.id, c.created_at])),
    exportRequests: [],
    dummyNetworks: [],
    nextId: (kind) => ++counters[kind],
  };
  for (const n of state.networks) {
    store.networks.set(n.id, {
      status: 'ACTIVATED',
      created_at: SEEDED_AT,
      modified_at: SEEDED_AT,
      default_organisation_id: state.hospitals.find((h) => h.network_id === n.id)?.id ?? null,
    });
  }
  for (const t of state.teams) store.teams.set(t.id, { description: null, created_at: SEEDED_AT });
  // As the server: an invited email logs in, and its account is made in the invitation's
  // organisation at that first login (a USER, named from the email: domain `inviteeName`).
  const pending = (email: string) => store.invites.find((i) => i.email === email && !i.closed);
  backend.invitations = {
    isInvited: (email) => pending(email) !== undefined,
    accept: (email) => {
      const invite = pending(email);
      if (!invite) return undefined;
      const id = backend.nextId('users');
      const { first, last } = inviteeName(email);
      const user = {
        id,
        uuid: mockUuid(3, id),
        email,
        first_name: first,
        last_name: last,
        status: 'UNKNOWN' as const,
        access_level: 'USER' as const,
        hospital_id: invite.hospital_id,
        features: {},
        premium_features: {},
        role: null,
        speciality: null,
        gdpr_accepted: false,
        blocked: false,
      };
      state.users.push(user);
      invite.closed = true;
      return user;
    },
  };
  if (state.users.length === 0) return store;

  const networkAdmin = state.users.find((u) => u.access_level === 'NETWORK_ADMIN');
  const stElsewhere = state.hospitals[0];
  if (stElsewhere) {
    store.invites.push({
      id: store.nextId('invites'),
      email: DEMO_INVITE_EMAIL,
      hospital_id: stElsewhere.id,
      approved_by_id: networkAdmin?.id ?? null,
      sent_at: new Date(backend.now().getTime() - 2 * 86_400_000).toISOString(),
      closed: false,
    });
  }

  // The generated part of the demo (pagers, a month of analytics), as the server seeds it.
  const generated = generateDemoOrganisation(backend.now());
  const orgOf = new Map<string, { hospital_id: number | null; network_id: number | null }>();
  const roleOf = new Map<string, string>();
  // The mock seed numbers organisations in the dataset's order.
  const organisationName = (key: string) => Object.keys(DEMO_ORGANISATIONS).indexOf(key);
  const place = (email: string, orgKey: string, role: string) => {
    const hospital = state.hospitals[organisationName(orgKey)];
    orgOf.set(email, {
      hospital_id: hospital?.id ?? null,
      network_id: hospital?.network_id ?? null,
    });
    roleOf.set(email, role);
  };
  for (const p of DEMO_PEOPLE) place(p.email, p.organisation, p.role);
  for (const s of generated.staff) place(s.email, s.organisation, s.role);
  // The month before too, so the report's deltas have something to compare with (as the server
  // seeds it: domain demoAnalyticsHistory).
  for (const e of demoAnalyticsHistory(backend.now(), generated.analytics)) {
    const where = orgOf.get(e.user);
    store.analytics.push({
      type: e.type,
      at: e.at.getTime(),
      user: e.user,
      hospital_id: where?.hospital_id ?? null,
      network_id: where?.network_id ?? null,
      role: roleOf.get(e.user) ?? 'Unknown',
      has_image: e.has_image,
    });
  }
  // Spec 02 §9: the mock network list has 15 networks (pages of 10). The dataset's two are real
  // (people, organisations); the rest are empty networks named after O–Z, so the dataset's two
  // lead the list sorted by name.
  for (const name of DEMO_DUMMY_NETWORK_NAMES.slice(
    0,
    Math.max(0, MOCK_NETWORKS_TOTAL - state.networks.length),
  )) {
    const id = store.nextId('networks');
    state.networks.push({
      id,
      uuid: `00000000-0000-4000-8001-${id.toString(16).padStart(12, '0')}`,
      name,
      features: {},
    });
    store.networks.set(id, {
      status: 'ACTIVATED',
      created_at: SEEDED_AT,
      modified_at: SEEDED_AT,
      default_organisation_id: null,
    });
    store.dummyNetworks.push(id);
  }
  generated.pagers.forEach((p, i) => {
    const hospital = state.hospitals[organisationName(p.organisation)] ?? stElsewhere;
    const holder = p.assigned_to ? backend.userByEmail(p.assigned_to) : undefined;
    store.pagers.push({
      id: i + 1,
      created_at: SEEDED_AT,
      mim_id: p.mim_id,
      name: p.name,
      description: p.description,
      hospital_id: hospital?.id ?? 0,
      assigned_to_id: holder?.id ?? null,
      assigned_at: holder ? SEEDED_AT : null,
    });
  });
  return store;
}

/** A team's console fields (seeded teams and ones made by the clinicians' calls get defaults). */
export function teamMeta(backend: MockBackend, team: MockTeam): MockTeamMeta {
  const store = adminStore(backend);
  let meta = store.teams.get(team.id);
  if (!meta) {
    meta = { description: null, created_at: backend.timestamp() };
    store.teams.set(team.id, meta);
  }
  return meta;
}

/**
 * The demo's "dummy admin data" switched off (spec 02 §9): no invitations, pagers or analytics
 * history; the console then shows empty tables and a report of zeros.
 */
export function clearAdminDemoData(backend: MockBackend): void {
  const store = adminStore(backend);
  store.invites = [];
  store.pagers = [];
  store.analytics = [];
  const dummy = new Set(store.dummyNetworks);
  backend.state.networks = backend.state.networks.filter((n) => !dummy.has(n.id));
  for (const id of dummy) store.networks.delete(id);
  store.dummyNetworks = [];
}
