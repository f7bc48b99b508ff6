/**
 * How long each kind of answer stays fresh, in one place (CONVENTIONS "Cache lifetimes in one
 * STALE table"). The spec fixes none of these; they follow how often the data changes under a
 * clinician's eyes: presence is polled, membership and cards change during a shift, wards and
 * images almost never.
 */
export const STALE = {
  /** The chat password is read once per connection; never serve an old one. */
  currentUser: 5 * 60_000,
  user: 5 * 60_000,
  userTeams: 60_000,
  /** Polled every STATUS_POLL_MS; stale at once so a remount refetches too. */
  userStatuses: 0,
  teamsWithAdviceConversations: 30_000,
  team: 30_000,
  teamMembers: 30_000,
  adviceConversation: 30_000,
  adviceHistory: 60_000,
  search: 30_000,
  patientCards: 30_000,
  tasks: 30_000,
  patient: 30_000,
  hospital: 60 * 60_000,
  wards: 60 * 60_000,
  /** Stored images never change (a new upload is a new id). */
  image: Infinity,
  images: 60_000,
  /** Templates change when an author saves one (rarely during a shift). */
  formTemplates: 60_000,
  /** Admin console tables: another admin may change them; writes refresh them at once. */
  admin: 30_000,
  /** Report figures are of whole past days: they change once a day. */
  analytics: 10 * 60_000,
} as const satisfies Record<string, number>;

/**
 * An open shared record (a patient card, the form templates screen) follows others' changes
 * without a reload: it is fetched again every 5 s while the page is visible, and when the window
 * regains focus (issue 35, libs/features/README.md "Open records follow others' changes"). 5 s,
 * not 10: a change must show within the 10 s a person (and e2e/tests/two-people.spec.ts) allows,
 * and a 10 s interval plus the fetch missed it. A push channel for cards and templates is later
 * work. Panels being edited keep their drafts.
 */
export const OPEN_RECORD_REFRESH = {
  refetchInterval: 5_000,
  refetchIntervalInBackground: false,
  refetchOnWindowFocus: true,
} as const;
