import { mockUuid, type AccessLevel, type MockBackend, type MockUser } from './backend';

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
  state.users.push(
    user(1, 'pando.admin@example.org', ['Pando', 'Admin'], 'PANDO_ADMIN', 1, {
      features: { pando_control_v2: true, form_templates: true },
    }),
    user(2, 'network.admin@example.org', ['Nia', 'Network'], 'NETWORK_ADMIN', 1),
    user(3, 'org.admin@example.org', ['Olu', 'Organisation'], 'ORGANISATION_ADMIN', 1),
    user(4, 'alice@example.org', ['Alice', 'Adams'], 'USER_VERIFIED', 1, {
      premium_features: PREMIUM,
      features: { form_templates: true },
      speciality: 'Acute medicine',
    }),
    user(5, 'bob@example.org', ['Bob', 'Baker'], 'USER_VERIFIED', 1, {
      premium_features: PREMIUM,
      features: { form_templates: true },
      speciality: 'Cardiology',
    }),
    user(6, 'carol@example.org', ['Carol', 'Chen'], 'USER', 2),
    user(7, 'dave@example.net', ['Dave', 'Dunn'], 'USER_VERIFIED', 3),
    user(8, 'cardiologist.one@example.org', ['Cara', 'Diology'], 'USER_VERIFIED', 1, {
      speciality: 'Cardiology',
    }),
    user(9, 'cardiologist.two@example.org', ['Hart', 'Wells'], 'USER_VERIFIED', 1, {
      speciality: 'Cardiology',
    }),
  );
  state.teams.push(
    {
      id: 1,
      name: 'Ward 7 Team',
      mim_id: 'ward-7-team',
      hospital_id: 1,
      user_ids: [4, 5],
      discoverable: false,
      auto_accept: false,
      public_data: { enabled: false, tips: [], resolved_issues: [] },
    },
    {
      id: 2,
      name: 'Junior Doctors Forum',
      mim_id: 'junior-doctors-forum',
      hospital_id: 1,
      user_ids: [5],
      discoverable: true,
      auto_accept: true,
      public_data: { enabled: false, tips: [], resolved_issues: [] },
    },
    {
      id: 3,
      name: 'Cardiology Advice',
      mim_id: 'cardiology-advice',
      hospital_id: 1,
      user_ids: [5, 8, 9],
      discoverable: false,
      auto_accept: false,
      public_data: {
        enabled: true,
        tips: ['Include the latest ECG and troponin with your question.'],
        resolved_issues: ['Chest pain with normal ECG', 'New atrial fibrillation'],
      },
    },
  );
  state.wards.push(
    { id: 1, name: 'Ward 7', hospital_id: 1 },
    { id: 2, name: 'Cardiology Ward', hospital_id: 1 },
  );
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
