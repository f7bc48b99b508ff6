import {
  mockUuid,
  type AccessLevel,
  type MockBackend,
  type MockTeam,
  type MockUser,
} from './backend';

const PREMIUM = { patient_cards: true, pagers: true, advice_channels: true };

/**
 * The demo organisation of ARCHITECTURE.md, as the real server seeds it: the same emails, levels,
 * features, organisations, networks and teams. Tests rely on these; keep them stable.
 */
export function seedDemoOrganisation(backend: MockBackend): void {
  const { state } = backend;
  const created = '2026-01-05T09:00:00.000Z';
  state.networks.push(
    {
      id: 1,
      uuid: mockUuid(1, 1),
      name: 'Demo Health Network',
      features: { user_invite_by_email: true },
    },
    { id: 2, uuid: mockUuid(1, 2), name: 'Northgate Network', features: {} },
  );
  state.hospitals.push(
    { id: 1, uuid: mockUuid(2, 1), name: 'St Elsewhere General', network_id: 1 },
    { id: 2, uuid: mockUuid(2, 2), name: 'Riverside Hospital', network_id: 1 },
    { id: 3, uuid: mockUuid(2, 3), name: 'Northgate Clinic', network_id: 2 },
  );
  const user = (
    id: number,
    email: string,
    name: [string, string],
    access_level: AccessLevel,
    hospital_id: number,
    extra: Partial<MockUser> = {},
  ): MockUser => ({
    id,
    uuid: mockUuid(3, id),
    email,
    first_name: name[0],
    last_name: name[1],
    status: 'AVAILABLE',
    access_level,
    hospital_id,
    features: {},
    premium_features: {},
    role: { role: 'doctor', description: 'Doctor' },
    speciality: null,
    gdpr_accepted: true,
    blocked: false,
    ...extra,
  });
  // The named accounts exactly as the server seeds them (apps/server seed): same names, roles,
  // levels and features. The server adds ~60 generated staff; the mock adds a dozen fixed ones,
  // enough to fill the same teams.
  const premiumFor = { premium_features: PREMIUM };
  state.users.push(
    user(1, 'pando.admin@example.org', ['Pat', 'Admin'], 'PANDO_ADMIN', 1, {
      features: { pando_control_v2: true, form_templates: true },
      role: { role: 'ADMINISTRATION', description: 'Administration' },
      speciality: 'Digital Health',
      ...premiumFor,
    }),
    user(2, 'network.admin@example.org', ['Nina', 'Network'], 'NETWORK_ADMIN', 1, {
      role: { role: 'ADMINISTRATION', description: 'Administration' },
      speciality: 'Operations',
      ...premiumFor,
    }),
    user(3, 'org.admin@example.org', ['Omar', 'Organisation'], 'ORGANISATION_ADMIN', 1, {
      role: { role: 'ADMINISTRATION', description: 'Administration' },
      speciality: 'Operations',
      ...premiumFor,
    }),
    user(4, 'alice@example.org', ['Alice', 'Anderson'], 'USER_VERIFIED', 1, {
      features: { form_templates: true },
      role: { role: 'CONSULTANT', description: 'Consultant' },
      speciality: 'General Medicine',
      ...premiumFor,
    }),
    user(5, 'bob@example.org', ['Bob', 'Baker'], 'USER_VERIFIED', 1, {
      features: { form_templates: true },
      role: { role: 'NURSE', description: 'Nurse' },
      speciality: 'Cardiology',
      ...premiumFor,
    }),
    user(6, 'carol@example.org', ['Carol', 'Carter'], 'USER', 2, {
      role: { role: 'PHYSIOTHERAPIST', description: 'Physiotherapist' },
      speciality: 'Orthopaedics',
    }),
    user(7, 'dave@example.net', ['Dave', 'Dawson'], 'USER_VERIFIED', 3, {
      role: { role: 'PHARMACIST', description: 'Pharmacist' },
      speciality: 'Oncology',
      ...premiumFor,
    }),
  );
  const STAFF: [string, string, number, string][] = [
    ['Priya', 'Shah', 1, 'Cardiology'],
    ['Tom', 'Hughes', 1, 'Cardiology'],
    ['Grace', 'Okafor', 1, 'General Medicine'],
    ['Liam', 'Walsh', 1, 'Respiratory'],
    ['Mei', 'Lin', 1, 'Acute Medicine'],
    ['Sam', 'Patel', 1, 'Surgery'],
    ['Ella', 'Jones', 1, 'Paediatrics'],
    ['Noah', 'Evans', 1, 'Geriatrics'],
    ['Zara', 'Khan', 1, 'Emergency Medicine'],
    ['Owen', 'Price', 1, 'Anaesthetics'],
    ['Ruth', 'Green', 2, 'Orthopaedics'],
    ['Ivan', 'Petrov', 3, 'Oncology'],
  ];
  STAFF.forEach(([first, last, hospital, speciality], i) => {
    const id = 8 + i;
    const domain = hospital === 3 ? 'example.net' : 'example.org';
    state.users.push(
      user(
        id,
        `${first}.${last}.${i + 1}@${domain}`.toLowerCase(),
        [first, last],
        'USER_VERIFIED',
        hospital,
        {
          role: {
            role: i < 2 ? 'CONSULTANT' : 'DOCTOR',
            description: i < 2 ? 'Consultant' : 'Doctor',
          },
          speciality,
          premium_features: hospital === 1 ? PREMIUM : {},
        },
      ),
    );
  });
  const [cardio1, cardio2, ...stElsewhereStaff] = [8, 9, 10, 11, 12, 13, 14, 15, 16, 17];
  const team = (
    id: number,
    name: string,
    hospital_id: number,
    user_ids: number[],
    extra: Partial<MockTeam> = {},
  ): MockTeam => ({
    id,
    name,
    mim_id: `team-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
    hospital_id,
    user_ids,
    discoverable: false,
    auto_accept: false,
    public_data: { enabled: false, tips: [], resolved_issues: [] },
    ...extra,
  });
  state.teams.push(
    team(1, 'Ward 7 Team', 1, [4, 5, ...stElsewhereStaff.slice(0, 3)]),
    team(2, 'Junior Doctors Forum', 1, [4, ...stElsewhereStaff.slice(3, 8)], {
      discoverable: true,
      auto_accept: true,
    }),
    team(3, 'Cardiology Advice', 1, [5, cardio1, cardio2], {
      public_data: {
        enabled: true,
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
    }),
    team(4, 'Night Shift', 1, [5, ...stElsewhereStaff.slice(5, 8)]),
    team(5, 'Riverside Physio', 2, [6, 18]),
    team(6, 'Northgate Pharmacy', 3, [7, 19]),
  );
  // Advice to Cardiology Advice, as the server seeds it: alice has one open and one resolved;
  // a colleague has another resolved one.
  const daysAgo = (days: number) =>
    new Date(Date.parse(created) + (30 - days) * 86_400_000).toISOString();
  const advice = (id: number, requestor_id: number, resolved: boolean, age: number) => ({
    id,
    mim_id: `advice-${id}`,
    team_id: 3,
    requestor_id,
    requestor_resolved: resolved,
    public_team_resolved: resolved,
    resolver_id: resolved ? 5 : null,
    accepted: resolved,
    first_message: null,
    modified_at: daysAgo(age - 1),
  });
  state.adviceConversations.push(
    advice(1, 4, false, 1),
    advice(2, 4, true, 12),
    advice(3, 16, true, 20),
  );
  const wardNames: [number, string[]][] = [
    [1, ['Ward 7', 'Cardiology Ward', 'Acute Medical Unit', 'Respiratory Ward', 'Surgical Ward 2']],
    [2, ['Riverside Ward A', 'Riverside Ward B', 'Rehabilitation Unit']],
    [3, ['Northgate Day Unit', 'Northgate Ward 1']],
  ];
  for (const [hospital_id, names] of wardNames) {
    for (const name of names) state.wards.push({ id: state.wards.length + 1, name, hospital_id });
  }
  state.patients.push({
    id: 1,
    first_name: 'John',
    last_name: 'Jones',
    dob: '1950-04-02',
    gender: 'MALE',
    patient_identificator: 'NHS-000-0001',
    overview: 'Admitted with chest pain.',
    bed: '3',
    ward_id: 1,
    hospital_id: 1,
  });
  state.cards.push({
    id: 1,
    title: 'John Jones',
    subtitle: 'Bed 3, Ward 7',
    patient_id: 1,
    user_ids: [4, 5],
    team_ids: [1],
    created_at: created,
    modified_at: created,
    shared_with: [],
  });
  state.tasks.push(
    {
      id: 1,
      title: 'Take bloods',
      completed: false,
      completed_at: null,
      completed_by_id: null,
      order: 0,
      patient_card_id: 1,
      created_at: created,
      modified_at: created,
    },
    {
      id: 2,
      title: 'Repeat ECG',
      completed: false,
      completed_at: null,
      completed_by_id: null,
      order: 1,
      patient_card_id: 1,
      created_at: created,
      modified_at: created,
    },
  );
}
