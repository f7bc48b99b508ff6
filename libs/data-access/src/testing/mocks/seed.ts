import {
  mockUuid,
  type AccessLevel,
  type MockBackend,
  type MockTeam,
  type MockUser,
} from './backend';

import {
  DEMO_ADVICE,
  DEMO_NETWORKS,
  DEMO_ORGANISATIONS,
  DEMO_PATIENT_CARD,
  DEMO_PEOPLE,
  DEMO_TEAMS,
  DEMO_WARDS,
  demoRoleName,
  generateDemoOrganisation,
} from '@pando/domain/demo';

/**
 * The demo organisation of ARCHITECTURE.md from @pando/domain/demo, the data the real server
 * seeds too: the same people, organisations, networks, teams, generated staff (the same ~60,
 * from the dataset's seeded generator), team members and advice; wards, and the patient card the
 * contract scenarios name (the server also stores the dataset's 24 generated patients, pagers
 * and analytics history, which the mock does not serve yet).
 */
export function seedDemoOrganisation(backend: MockBackend): void {
  const { state } = backend;
  const created = '2026-01-05T09:00:00.000Z';
  const generated = generateDemoOrganisation(new Date(created));
  // Ids follow the dataset's order: networks 1-2, organisations 1-3, named people 1-7.
  const networkKeys = Object.keys(DEMO_NETWORKS) as (keyof typeof DEMO_NETWORKS)[];
  networkKeys.forEach((key, i) => {
    state.networks.push({
      id: i + 1,
      uuid: mockUuid(1, i + 1),
      name: DEMO_NETWORKS[key].name,
      features: { ...DEMO_NETWORKS[key].features },
    });
  });
  const orgKeys = Object.keys(DEMO_ORGANISATIONS) as (keyof typeof DEMO_ORGANISATIONS)[];
  const orgId = (key: keyof typeof DEMO_ORGANISATIONS) => orgKeys.indexOf(key) + 1;
  orgKeys.forEach((key, i) => {
    const o = DEMO_ORGANISATIONS[key];
    state.hospitals.push({
      id: i + 1,
      uuid: mockUuid(2, i + 1),
      name: o.name,
      network_id: networkKeys.indexOf(o.network) + 1,
      offline_patient_data: true,
    });
  });
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
  DEMO_PEOPLE.forEach((p, i) => {
    state.users.push(
      user(i + 1, p.email, [p.first_name, p.last_name], p.access_level, orgId(p.organisation), {
        features: { ...p.features },
        premium_features: { ...p.premium_features },
        role: { role: demoRoleName(p.role), description: p.role },
        speciality: p.speciality,
      }),
    );
  });
  // Generated staff follow, in the dataset's order (ids 8 onwards).
  generated.staff.forEach((p, i) => {
    state.users.push(
      user(8 + i, p.email, [p.first_name, p.last_name], p.access_level, orgId(p.organisation), {
        status: p.status,
        premium_features: { ...p.premium_features },
        role: { role: demoRoleName(p.role), description: p.role },
        speciality: p.speciality,
      }),
    );
  });
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
  const idOf = (email: string) => state.users.find((u) => u.email === email)?.id ?? 0;
  DEMO_TEAMS.forEach((t, i) => {
    state.teams.push(
      team(
        i + 1,
        t.name,
        orgId(t.organisation),
        (generated.teamMembers.get(t.name) ?? t.members).map(idOf),
        {
          discoverable: t.discoverable,
          auto_accept: t.auto_accept,
          ...(t.public_data
            ? {
                public_data: {
                  enabled: t.public_data.enabled,
                  tips: [...t.public_data.tips],
                  resolved_issues: [...t.public_data.resolved_issues],
                },
              }
            : {}),
        },
      ),
    );
  });
  const adviceTeamId = DEMO_TEAMS.findIndex((t) => t.public_data?.enabled) + 1;
  // Advice to Cardiology Advice, as the server seeds it: alice has one open and one resolved;
  // a colleague has another resolved one.
  const daysAgo = (days: number) =>
    new Date(Date.parse(created) + (30 - days) * 86_400_000).toISOString();
  const advice = (id: number, requestor_id: number, resolved: boolean, age: number) => ({
    id,
    mim_id: `advice-${id}`,
    team_id: adviceTeamId,
    requestor_id,
    requestor_resolved: resolved,
    public_team_resolved: resolved,
    resolver_id: resolved ? idOf('bob@example.org') : null,
    accepted: resolved,
    first_message: null,
    modified_at: daysAgo(age - 1),
    created_at: daysAgo(age),
  });
  DEMO_ADVICE.forEach((a, i) => {
    state.adviceConversations.push(
      advice(i + 1, idOf(generated.adviceRequestors[i] ?? ''), a.resolved, a.daysAgo),
    );
  });
  for (const org of orgKeys) {
    for (const name of DEMO_WARDS[org])
      state.wards.push({ id: state.wards.length + 1, name, hospital_id: orgId(org) });
  }
  // The card the contract scenarios name (DEMO_PATIENT_CARD), as the server seeds it.
  const c = DEMO_PATIENT_CARD;
  const p = c.patient;
  state.patients.push({
    id: 1,
    first_name: p.first_name,
    last_name: p.last_name,
    dob: p.dob,
    gender: p.gender,
    patient_identificator: p.patient_identificator,
    overview: p.overview,
    bed: p.bed,
    ward_id:
      state.wards.find((w) => w.hospital_id === orgId(p.organisation) && w.name === p.ward)?.id ??
      null,
    hospital_id: orgId(p.organisation),
  });
  state.cards.push({
    id: 1,
    title: c.title,
    subtitle: c.subtitle,
    patient_id: 1,
    user_ids: c.assignees.map(idOf),
    team_ids: c.teams.map((name) => state.teams.find((t) => t.name === name)?.id ?? 0),
    created_at: created,
    modified_at: created,
    shared_with: [],
  });
  c.tasks.forEach((title, order) => {
    state.tasks.push({
      id: order + 1,
      title,
      completed: false,
      completed_at: null,
      completed_by_id: null,
      order,
      patient_card_id: 1,
      created_at: created,
      modified_at: created,
    });
  });
}
