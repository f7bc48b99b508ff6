import type { AccessLevel } from '../access/levels';
import type { NetworkFeatures } from '../users/schemas';
import type { PublicData } from '../teams/schemas';

/**
 * The demo organisation of ARCHITECTURE.md "Demo organisation", as plain data: the server seed
 * (apps/server/src/seed, which the demo and the stories run in the page) and the tests (the
 * contract suite, e2e) read it, so the demo, the tests and the README name the same people and
 * teams. The seed adds its filler around it (~60 generated staff, `generated.ts`) and gives the
 * ids. The accounts below are relied on: keep them exactly as they are.
 */

/** The accounts of the demo table; tests and the README log in with them. */
export const DEMO_ACCOUNTS = {
  pandoAdmin: 'pando.admin@example.org',
  networkAdmin: 'network.admin@example.org',
  orgAdmin: 'org.admin@example.org',
  alice: 'alice@example.org',
  bob: 'bob@example.org',
  carol: 'carol@example.org',
  dave: 'dave@example.net',
} as const;
export type DemoAccount = keyof typeof DEMO_ACCOUNTS;

/** A pending invitation: the "user created at first login" path. */
export const DEMO_INVITE_EMAIL = 'new.starter@example.org';

export const DEMO_NETWORKS = {
  demo: { name: 'Demo Health Network', features: { user_invite_by_email: true } },
  northgate: { name: 'Northgate Network', features: {} },
} as const satisfies Record<string, { name: string; features: NetworkFeatures }>;
export type DemoNetwork = keyof typeof DEMO_NETWORKS;

/**
 * The demo's dummy admin data (spec 02 §9: the network list has MOCK_NETWORKS_TOTAL networks,
 * pages of 10): empty networks named O–Z, so the two real ones lead the list sorted by name.
 */
export const DEMO_DUMMY_NETWORK_NAMES = [
  'Oakfield Care Network',
  'Pennine Health Network',
  'Quayside Health Network',
  'Redbridge Care Network',
  'Severn Valley Network',
  'Thames Estuary Network',
  'Tyne and Wear Network',
  'Ulster Coast Network',
  'Vale of York Network',
  'Weald Health Network',
  'Wessex Care Network',
  'Yorkshire Coast Network',
  'Zetland Health Network',
] as const;

/** Organisations (hospitals), their network and where they are (the admin console's map). */
export const DEMO_ORGANISATIONS = {
  stElsewhere: {
    name: 'St Elsewhere General',
    network: 'demo',
    latitude: 51.5072,
    longitude: -0.1276,
  },
  riverside: { name: 'Riverside Hospital', network: 'demo', latitude: 51.4545, longitude: -2.5879 },
  northgate: {
    name: 'Northgate Clinic',
    network: 'northgate',
    latitude: 53.4808,
    longitude: -2.2426,
  },
} as const satisfies Record<
  string,
  { name: string; network: DemoNetwork; latitude: number; longitude: number }
>;
export type DemoOrganisation = keyof typeof DEMO_ORGANISATIONS;

/** Organisation names by key, as tests look them up. */
export const DEMO_ORGS = {
  stElsewhere: DEMO_ORGANISATIONS.stElsewhere.name,
  riverside: DEMO_ORGANISATIONS.riverside.name,
  northgate: DEMO_ORGANISATIONS.northgate.name,
} as const;

export interface DemoPerson {
  email: string;
  first_name: string;
  last_name: string;
  access_level: AccessLevel;
  organisation: DemoOrganisation;
  /** The role as people read it ("Consultant"); its machine name is this in capitals. */
  role: string;
  speciality: string;
  /** User flags (spec 01 §3): only the ones that are on. */
  features: Readonly<Partial<Record<'pando_control_v2' | 'form_templates', boolean>>>;
  premium_features: Readonly<
    Partial<Record<'patient_cards' | 'pagers' | 'advice_channels', boolean>>
  >;
}

const PREMIUM = { patient_cards: true, pagers: true, advice_channels: true } as const;

/** The named people of the demo table, in its order. */
export const DEMO_PEOPLE: readonly DemoPerson[] = [
  {
    email: DEMO_ACCOUNTS.pandoAdmin,
    first_name: 'Pat',
    last_name: 'Admin',
    access_level: 'PANDO_ADMIN',
    organisation: 'stElsewhere',
    role: 'Administration',
    speciality: 'Digital Health',
    features: { pando_control_v2: true, form_templates: true },
    premium_features: PREMIUM,
  },
  {
    email: DEMO_ACCOUNTS.networkAdmin,
    first_name: 'Nina',
    last_name: 'Network',
    access_level: 'NETWORK_ADMIN',
    organisation: 'stElsewhere',
    role: 'Administration',
    speciality: 'Operations',
    features: {},
    premium_features: PREMIUM,
  },
  {
    email: DEMO_ACCOUNTS.orgAdmin,
    first_name: 'Omar',
    last_name: 'Organisation',
    access_level: 'ORGANISATION_ADMIN',
    organisation: 'stElsewhere',
    role: 'Administration',
    speciality: 'Operations',
    features: {},
    premium_features: PREMIUM,
  },
  {
    email: DEMO_ACCOUNTS.alice,
    first_name: 'Alice',
    last_name: 'Anderson',
    access_level: 'USER_VERIFIED',
    organisation: 'stElsewhere',
    role: 'Consultant',
    speciality: 'General Medicine',
    features: { form_templates: true },
    premium_features: PREMIUM,
  },
  {
    email: DEMO_ACCOUNTS.bob,
    first_name: 'Bob',
    last_name: 'Baker',
    access_level: 'USER_VERIFIED',
    organisation: 'stElsewhere',
    role: 'Nurse',
    speciality: 'Cardiology',
    features: { form_templates: true },
    premium_features: PREMIUM,
  },
  {
    email: DEMO_ACCOUNTS.carol,
    first_name: 'Carol',
    last_name: 'Carter',
    access_level: 'USER',
    organisation: 'riverside',
    role: 'Physiotherapist',
    speciality: 'Orthopaedics',
    features: {},
    premium_features: {},
  },
  {
    email: DEMO_ACCOUNTS.dave,
    first_name: 'Dave',
    last_name: 'Dawson',
    access_level: 'USER_VERIFIED',
    organisation: 'northgate',
    role: 'Pharmacist',
    speciality: 'Oncology',
    features: {},
    premium_features: PREMIUM,
  },
];

export interface DemoTeam {
  name: string;
  organisation: DemoOrganisation;
  /** The named people in it; each seed adds generated staff (`staff` of them). */
  members: readonly string[];
  staff: number;
  discoverable: boolean;
  auto_accept: boolean;
  description?: string;
  public_data?: Omit<PublicData, 'description'> & { description?: string };
}

/** The named teams, the forum and the advice channel. */
export const DEMO_TEAMS: readonly DemoTeam[] = [
  {
    name: 'Ward 7 Team',
    organisation: 'stElsewhere',
    members: [DEMO_ACCOUNTS.alice, DEMO_ACCOUNTS.bob],
    staff: 4,
    discoverable: false,
    auto_accept: false,
  },
  {
    name: 'Junior Doctors Forum',
    organisation: 'stElsewhere',
    members: [DEMO_ACCOUNTS.alice],
    staff: 10,
    discoverable: true,
    auto_accept: true,
    description: 'Questions, rotas and teaching for junior doctors.',
  },
  {
    name: 'Cardiology Advice',
    organisation: 'stElsewhere',
    // Bob and two generated cardiologists; never alice (she asks it for advice).
    members: [DEMO_ACCOUNTS.bob],
    staff: 2,
    discoverable: false,
    auto_accept: false,
    description: 'Ask the cardiology team for advice on your patients.',
    public_data: {
      enabled: true,
      description: 'Ask the cardiology team for advice on your patients.',
      tips: [
        'Include the latest ECG and troponin results.',
        'Say how urgent the question is.',
        'For chest pain with ST elevation, call the cath lab directly.',
      ],
      resolved_issues: [
        'Anticoagulation before cardioversion',
        'New left bundle branch block on admission',
        'Beta-blocker dose in heart failure',
      ],
    },
  },
  {
    name: 'Night Shift',
    organisation: 'stElsewhere',
    members: [DEMO_ACCOUNTS.bob],
    staff: 8,
    discoverable: false,
    auto_accept: false,
  },
  {
    name: 'Riverside Physio',
    organisation: 'riverside',
    members: [DEMO_ACCOUNTS.carol],
    staff: 4,
    discoverable: false,
    auto_accept: false,
  },
  {
    name: 'Northgate Pharmacy',
    organisation: 'northgate',
    members: [DEMO_ACCOUNTS.dave],
    staff: 4,
    discoverable: false,
    auto_accept: false,
  },
];

export const DEMO_ADVICE_TEAM = 'Cardiology Advice';

/**
 * Advice conversations to the advice team: alice has one open and one resolved; a generated
 * colleague (`requestor: null`) another resolved one. Resolved ones were resolved by bob.
 */
export const DEMO_ADVICE: readonly {
  topic: string;
  requestor: string | null;
  resolved: boolean;
  daysAgo: number;
}[] = [
  { topic: 'Palpitations in bay 3', requestor: DEMO_ACCOUNTS.alice, resolved: false, daysAgo: 1 },
  {
    topic: 'Anticoagulation before cardioversion',
    requestor: DEMO_ACCOUNTS.alice,
    resolved: true,
    daysAgo: 12,
  },
  { topic: 'New LBBB on admission', requestor: null, resolved: true, daysAgo: 20 },
];

/** Each organisation's wards, in order (a card's ward is picked from these). */
export const DEMO_WARDS: Readonly<Record<DemoOrganisation, readonly string[]>> = {
  stElsewhere: [
    'Ward 7',
    'Cardiology Ward',
    'Acute Medical Unit',
    'Respiratory Ward',
    'Surgical Ward 2',
  ],
  riverside: ['Riverside Ward A', 'Riverside Ward B', 'Rehabilitation Unit'],
  northgate: ['Northgate Day Unit', 'Northgate Ward 1'],
};

/**
 * The patient card the contract scenarios and the demo name: John Jones on Ward 7, created by
 * alice, assigned to alice and bob and to Ward 7 Team, with two open tasks.
 */
export const DEMO_PATIENT_CARD = {
  patient: {
    first_name: 'John',
    last_name: 'Jones',
    dob: '1950-04-02',
    gender: 'MALE',
    patient_identificator: 'NHS-000-0001',
    overview: 'Admitted with chest pain.',
    bed: '3',
    organisation: 'stElsewhere',
    ward: 'Ward 7',
  },
  title: 'John Jones',
  subtitle: 'Bed 3, Ward 7',
  creator: DEMO_ACCOUNTS.alice,
  assignees: [DEMO_ACCOUNTS.alice, DEMO_ACCOUNTS.bob],
  teams: ['Ward 7 Team'],
  tasks: ['Take bloods', 'Repeat ECG'],
} as const;
