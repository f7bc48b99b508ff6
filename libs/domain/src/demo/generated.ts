import { SAMPLE_ROLES } from '../analytics/constants';
import {
  DEMO_ACCOUNTS,
  DEMO_ADVICE,
  DEMO_ADVICE_TEAM,
  DEMO_PEOPLE,
  DEMO_TEAMS,
  DEMO_WARDS,
  type DemoOrganisation,
} from './organisation';
import { seededRandom } from '../analytics/report';

/**
 * The generated part of the demo organisation: ~60 staff around the named people, 24 patients
 * with cards and tasks, four pagers and 30 days of analytics events. One seeded PRNG draws all
 * of it in a fixed order, so every caller (the server seed, the tests that check its figures) gets
 * exactly the same data. Dates are relative (`days_ago`) except the analytics events, which hang
 * off `now`.
 */

const SEED = 20260101;

const SPECIALITIES = [
  'Cardiology',
  'General Medicine',
  'Respiratory',
  'Orthopaedics',
  'Emergency Medicine',
  'Paediatrics',
  'Neurology',
  'Gastroenterology',
  'Geriatrics',
  'Oncology',
] as const;

const FIRST = [
  'Amelia',
  'Oliver',
  'Isla',
  'George',
  'Ava',
  'Noah',
  'Mia',
  'Arthur',
  'Sofia',
  'Leo',
  'Grace',
  'Oscar',
  'Freya',
  'Harry',
  'Priya',
  'Kwame',
  'Chen',
  'Fatima',
  'Mateo',
  'Aisha',
  'Tomasz',
  'Ines',
  'Ravi',
  'Zara',
] as const;

const LAST = [
  'Hughes',
  'Patel',
  'Okafor',
  'Kowalski',
  'Murphy',
  'Nguyen',
  'Evans',
  'Silva',
  'Khan',
  'Walsh',
  'Müller',
  'Brown',
  "O'Neill",
  'Rossi',
  'Adeyemi',
  'Jensen',
  'Taylor',
  'Haddad',
  'Lindqvist',
  'Chowdhury',
] as const;

const TASKS = [
  'Take bloods',
  'Review ECG',
  'Chase echo report',
  'Medication review',
  'Update family',
  'Physio assessment',
  'Discharge summary',
  'Repeat obs at 18:00',
  'Check potassium',
  'Book CT chest',
] as const;

const OVERVIEWS = [
  'Admitted with chest pain; troponin pending.',
  'Community-acquired pneumonia, day 3 of antibiotics.',
  'Post-op day 1, mobilising with physio.',
  'Fall at home, no fracture on X-ray.',
  'Heart failure exacerbation, on IV furosemide.',
] as const;

const PAGER_DESCRIPTIONS = [
  'Cardiology registrar',
  'Night coordinator',
  'Medical SHO',
  'Outreach team',
] as const;

const PREMIUM = { patient_cards: true, pagers: true, advice_channels: true } as const;

/** A generated member of staff (the named people are DEMO_PEOPLE). */
export interface DemoStaff {
  email: string;
  first_name: string;
  last_name: string;
  organisation: DemoOrganisation;
  /** The role as people read it. */
  role: string;
  speciality: string;
  access_level: 'USER' | 'USER_VERIFIED';
  status: 'AVAILABLE' | 'UNAVAILABLE' | 'UNKNOWN';
  premium_features: Readonly<
    Partial<Record<'patient_cards' | 'pagers' | 'advice_channels', boolean>>
  >;
}

/** A generated patient with one card, made by `creator`, and its tasks in order. */
export interface DemoGeneratedPatient {
  organisation: DemoOrganisation;
  first_name: string;
  last_name: string;
  dob: string;
  gender: 'MALE' | 'FEMALE';
  patient_identificator: string;
  overview: string;
  bed: string;
  ward: string;
  days_ago: number;
  creator: string;
  /** The card's subtitle (a speciality); its title is the patient's name. */
  subtitle: string;
  /** Team names the card is assigned to. */
  teams: readonly string[];
  tasks: readonly { title: string; completed: boolean }[];
}

/** A pager (premium feature "pagers"), with the spec's three-group digit mim_id. */
export interface DemoPager {
  mim_id: string;
  name: string;
  description: string;
  organisation: DemoOrganisation;
  /** Email of the person holding it, or null. */
  assigned_to: string | null;
}

/** One analytics event (spec 02 §7) by a demo person, to a team or a forum by name. */
export interface DemoAnalyticsEvent {
  type: 'login' | 'session_started' | 'message_sent';
  at: Date;
  user: string;
  team: string | null;
  forum: string | null;
  has_patient: boolean;
  has_image: boolean;
}

export interface DemoGenerated {
  staff: readonly DemoStaff[];
  /** Every team's members (emails): the named ones, then generated staff. */
  teamMembers: ReadonlyMap<string, readonly string[]>;
  /** DEMO_ADVICE's requestors, with the generated colleague filled in for `requestor: null`. */
  adviceRequestors: readonly string[];
  /** The advice team's generated cardiologists (they see every advice conversation). */
  cardiologists: readonly string[];
  patients: readonly DemoGeneratedPatient[];
  pagers: readonly DemoPager[];
  analytics: readonly DemoAnalyticsEvent[];
}

/** One of `items`, chosen by the next number of `rand`. */
function pick<T>(rand: () => number, items: readonly T[]): T {
  const item = items[Math.floor(rand() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`demo data: no item ${index}`);
  return item;
}

/** The generated demo organisation; `now` dates the analytics history (the 30 days before it). */
export function generateDemoOrganisation(now: Date): DemoGenerated {
  const rand = seededRandom(SEED);

  // ~60 generated staff: most at St Elsewhere, some at Riverside and Northgate; the first two
  // are the advice team's cardiologists.
  const staff: DemoStaff[] = [];
  for (let i = 0; i < 60; i++) {
    const first = pick(rand, FIRST);
    const last = pick(rand, LAST);
    const organisation: DemoOrganisation =
      i < 40 ? 'stElsewhere' : i < 52 ? 'riverside' : 'northgate';
    const domain = organisation === 'northgate' ? 'example.net' : 'example.org';
    const speciality = i < 2 ? 'Cardiology' : pick(rand, SPECIALITIES);
    const role = i < 2 ? 'Consultant' : at(SAMPLE_ROLES, i % SAMPLE_ROLES.length);
    const access_level = rand() < 0.7 ? 'USER_VERIFIED' : 'USER';
    staff.push({
      email: `${first}.${last}.${i + 1}@${domain}`.toLowerCase().replace(/[^a-z0-9.@]/g, ''),
      first_name: first,
      last_name: last,
      organisation,
      role,
      speciality,
      access_level,
      premium_features: organisation === 'stElsewhere' ? PREMIUM : {},
      status: pick(rand, ['AVAILABLE', 'AVAILABLE', 'UNAVAILABLE', 'UNKNOWN'] as const),
    });
  }
  const cardiologists = staff.slice(0, 2).map((s) => s.email);
  const staffOf = (org: DemoOrganisation) =>
    staff.filter((s) => s.organisation === org).map((s) => s.email);
  const stEStaff = staffOf('stElsewhere');

  // Generated staff fill the named teams in order, per organisation; the advice team takes the
  // cardiologists.
  const teamMembers = new Map<string, readonly string[]>();
  const next: Record<DemoOrganisation, number> = {
    stElsewhere: cardiologists.length,
    riverside: 0,
    northgate: 0,
  };
  for (const t of DEMO_TEAMS) {
    let filler: string[];
    if (t.name === DEMO_ADVICE_TEAM) filler = cardiologists.slice(0, t.staff);
    else {
      const from = next[t.organisation];
      filler = staffOf(t.organisation).slice(from, from + t.staff);
      next[t.organisation] = from + t.staff;
    }
    teamMembers.set(t.name, [...new Set([...t.members, ...filler])]);
  }
  const adviceRequestors = DEMO_ADVICE.map((a) => a.requestor ?? at(stEStaff, 30));

  // 24 patients, each with a card and 2-4 tasks (about a third done).
  const patients: DemoGeneratedPatient[] = [];
  for (let i = 0; i < 24; i++) {
    const organisation: DemoOrganisation =
      i < 18 ? 'stElsewhere' : i < 21 ? 'riverside' : 'northgate';
    const gender = rand() < 0.5 ? 'MALE' : 'FEMALE';
    const first = pick(rand, FIRST);
    const last = pick(rand, LAST);
    const dob = `${1935 + Math.floor(rand() * 70)}-${String(1 + Math.floor(rand() * 12)).padStart(2, '0')}-${String(1 + Math.floor(rand() * 28)).padStart(2, '0')}`;
    const id = `${String(400 + i).padStart(3, '0')} ${String(100 + Math.floor(rand() * 900))} ${String(1000 + Math.floor(rand() * 9000))}`;
    const overview = pick(rand, OVERVIEWS);
    const ward = pick(rand, DEMO_WARDS[organisation]);
    const creator =
      organisation === 'stElsewhere'
        ? pick(rand, [DEMO_ACCOUNTS.alice, DEMO_ACCOUNTS.bob])
        : organisation === 'riverside'
          ? DEMO_ACCOUNTS.carol
          : DEMO_ACCOUNTS.dave;
    const subtitle = pick(rand, SPECIALITIES);
    const n = 2 + Math.floor(rand() * 3);
    const tasks: { title: string; completed: boolean }[] = [];
    for (let k = 0; k < n; k++)
      tasks.push({ title: at(TASKS, (i + k) % TASKS.length), completed: rand() < 0.35 });
    patients.push({
      organisation,
      first_name: first,
      last_name: last,
      dob,
      gender,
      patient_identificator: id,
      overview,
      bed: `${1 + (i % 12)}`,
      ward,
      days_ago: 10 - (i % 10),
      creator,
      subtitle,
      teams: organisation === 'stElsewhere' && i % 3 === 0 ? ['Ward 7 Team'] : [],
      tasks,
    });
  }

  const pagers: DemoPager[] = [];
  for (let i = 0; i < 4; i++) {
    pagers.push({
      mim_id: `${100 + i * 111}-${200 + i * 37}-${300 + i * 53}`,
      name: `Bleep ${4400 + i}`,
      description: pick(rand, PAGER_DESCRIPTIONS),
      organisation: 'stElsewhere',
      assigned_to: i % 2 === 0 ? at(stEStaff, i) : null,
    });
  }

  // 30 days of logins, sessions and messages with a working-hours rhythm, for the report.
  const people = [...DEMO_PEOPLE.map((p) => p.email), ...staff.map((s) => s.email)];
  const teams = ['Ward 7 Team', 'Night Shift'];
  const forum = 'Junior Doctors Forum';
  const analytics: DemoAnalyticsEvent[] = [];
  const dayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  for (let d = 1; d <= 30; d++) {
    const base = dayStart - d * 86_400_000;
    const weekend = [0, 6].includes(new Date(base).getUTCDay());
    for (const user of people) {
      if (rand() > (weekend ? 0.3 : 0.75)) continue;
      const hour = 7 + Math.floor(rand() * 12);
      const when = new Date(base + hour * 3_600_000 + Math.floor(rand() * 3_600_000));
      const quiet = { user, team: null, forum: null, has_patient: false, has_image: false };
      analytics.push({ ...quiet, type: 'login', at: when });
      analytics.push({ ...quiet, type: 'session_started', at: when });
      const messages = Math.floor(rand() * 12);
      for (let m = 0; m < messages; m++) {
        const sentAt = new Date(when.getTime() + Math.floor(rand() * 6 * 3_600_000));
        const toForum = rand() < 0.15;
        const team = toForum ? null : pick(rand, teams);
        analytics.push({
          type: 'message_sent',
          at: sentAt,
          user,
          team,
          forum: toForum ? forum : null,
          has_patient: rand() < 0.05,
          has_image: rand() < 0.1,
        });
      }
    }
  }

  return { staff, teamMembers, adviceRequestors, cardiologists, patients, pagers, analytics };
}

/**
 * The demo's analytics history for the report: the 30 days before `now` and the 30 before those,
 * so every delta of the report is a real percentage (issue 35; the server seed stores it). The
 * earlier month is the same generator a month earlier with about one event in seven left out:
 * activity grew.
 */
export function demoAnalyticsHistory(
  now: Date,
  lastMonth: readonly DemoAnalyticsEvent[] = generateDemoOrganisation(now).analytics,
): DemoAnalyticsEvent[] {
  const monthBefore = generateDemoOrganisation(
    new Date(now.getTime() - 30 * 86_400_000),
  ).analytics.filter((_, i) => i % 7 !== 3);
  return [...monthBefore, ...lastMonth];
}
