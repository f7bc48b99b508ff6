/** Analytics API version (spec 02 §9): v1. Admin is v4. */
export const ANALYTICS_API_VERSION = 'v1';
export const ADMIN_API_VERSION = 'v4';

/** The sample role list of the report (spec 02 §2): 9 roles. */
export const SAMPLE_ROLES = [
  'Consultant',
  'Nurse',
  'Administration',
  'Clinical Nurse Specialist',
  'Clinical Fellow',
  'Physiotherapist',
  'Dietitian',
  'Speech and Language Therapy',
  'Pharmacist',
] as const;

/** Analytics events the product records (spec 02 §7). */
export const ANALYTICS_EVENTS = [
  'message_sent',
  'login',
  'login_unsuccessful',
  'access_token_invalid',
  'auth_code_invalid',
] as const;

/** The report metrics (spec 02 §7), keyed by name, with their path after `/{scope}/{id}/`. */
export const ANALYTICS_METRICS = {
  activeUsersCount: 'active-users/count',
  activeUsersDaily: 'active-users/timeseries/daily',
  activeUsersHourly: 'active-users/timeseries/hourly',
  messagesCount: 'messages/total/count',
  messagesDaily: 'messages/timeseries/daily',
  sessionsCount: 'sessions/total/count',
  sessionsDaily: 'sessions/timeseries/daily',
  usersByRole: 'total-users/roles/roles/count',
  messagesByRole: 'users/roles/roles/messages/count',
  teamsCount: 'teams/count',
  crossOrganisationTeamsCount: 'teams/cross-organisational/count',
  imagesCount: 'messages/images/count',
  patientCardsCount: 'patient-cards/count',
  pagersCount: 'pagers/count',
  resolvedAdviceCount: 'teams/ask-advice/resolved-conversations/count',
} as const;
export type AnalyticsMetric = keyof typeof ANALYTICS_METRICS;

/** Report cards the spec shows disabled (spec 02 §2: "The last two are disabled"). */
export const DISABLED_REPORT_METRICS: readonly AnalyticsMetric[] = [
  'pagersCount',
  'resolvedAdviceCount',
];
