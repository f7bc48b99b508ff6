/**
 * A stateful in-memory Pando backend for MSW: the demo app, Storybook and tests share it. It keeps
 * the same demo organisation as the real server's seed (ARCHITECTURE "Demo organisation") and the
 * same rules the contract suite checks on both. Everything is deterministic: ids count up, uuids
 * are derived from ids, login codes come from a seeded generator, and the clock is injectable.
 *
 * Growth path (spec 02): the admin wave adds collections (invites, advice channels, pagers…) to
 * `MockState` and handler files beside the spec 01 ones; demo-mode specifics (spec 02 §7 "Demo
 * mock server", §9 mock network list of 15) go in a seed variant, so nothing here is reshaped.
 */
import {
  canReadTeam,
  canSeeUser,
  isForum,
  LOGIN_CODE_MINUTES,
  MAX_LOGIN_CODE_ATTEMPTS,
  seededRandom,
  type TaskRow,
} from '@pando/domain';
import { seedDemoOrganisation } from './seed';

export type AccessLevel =
  'USER' | 'USER_VERIFIED' | 'ORGANISATION_ADMIN' | 'NETWORK_ADMIN' | 'NEURO' | 'PANDO_ADMIN';

export interface MockNetwork {
  id: number;
  uuid: string;
  name: string;
  features: Record<string, boolean>;
}
export interface MockHospital {
  id: number;
  uuid: string;
  name: string;
  network_id: number;
  /** Patient data may be kept in the web app's offline copy (issue 37; on, as on the server). */
  offline_patient_data: boolean;
  /** The organisation's version; unset until its first change (the seed's time). */
  modified_at?: string;
}
export interface MockUser {
  id: number;
  uuid: string;
  email: string;
  first_name: string;
  last_name: string;
  status: 'AVAILABLE' | 'UNAVAILABLE' | 'UNKNOWN';
  access_level: AccessLevel;
  hospital_id: number;
  features: Record<string, boolean>;
  premium_features: Record<string, boolean>;
  role: { role: string; description: string } | null;
  speciality: string | null;
  gdpr_accepted: boolean;
  blocked: boolean;
}
export interface MockTeam {
  id: number;
  name: string;
  mim_id: string;
  hospital_id: number;
  user_ids: number[];
  discoverable: boolean;
  auto_accept: boolean;
  public_data: { enabled: boolean; tips: string[]; resolved_issues: string[] };
  /** The team's version (issue 35); unset until its first change. */
  modified_at?: string;
}
export interface MockAdviceConversation {
  id: number;
  mim_id: string;
  team_id: number;
  requestor_id: number;
  requestor_resolved: boolean;
  public_team_resolved: boolean;
  resolver_id: number | null;
  /** Set when the team accepted the requester's resolution: it then belongs to the history. */
  accepted: boolean;
  first_message: string | null;
  modified_at: string;
  /** When it was asked (the sidebar's second line, issue 35). */
  created_at: string;
}
interface MockWard {
  id: number;
  name: string;
  hospital_id: number;
}
interface MockPatient {
  id: number;
  first_name: string;
  last_name: string;
  dob: string | null;
  gender: 'MALE' | 'FEMALE';
  patient_identificator: string | null;
  overview: string | null;
  bed: string | null;
  ward_id: number | null;
  hospital_id: number;
  /** The patient's version (issue 35); unset until their first change. */
  modified_at?: string;
}
/** A stored task: the same row as the server's (`TaskRow` of @pando/domain). */
export type MockTask = TaskRow;
export interface MockPatientCard {
  id: number;
  title: string;
  subtitle: string | null;
  patient_id: number;
  /** Who created the card (sees and edits it); unknown for some seeded cards. */
  created_by_id?: number | null;
  user_ids: number[];
  team_ids: number[];
  created_at: string;
  modified_at: string;
  shared_with: string[];
}
export interface MockImage {
  id: number;
  title: string | null;
  filename: string;
  patient_id: number | null;
  chat: boolean;
  owner_id: number;
  bytes: Uint8Array | null;
  content_type: string;
  created_at: string;
  shared_with: string[];
}
interface MockFile {
  id: number;
  filename: string;
  owner_id: number;
  bytes: Uint8Array;
  content_type: string;
  user_ids: number[];
  team_ids: number[];
  advice_ids: number[];
}
export interface MockEmail {
  to: string;
  subject: string;
  text: string;
  /** Files the email carried (name, type, size, SHA-256), as the real dev mailbox lists them. */
  attachments?: { filename: string; content_type: string; size: number; sha256: string }[];
  sent_at: string;
}
interface LoginAttempt {
  email: string;
  code: string;
  challenge: string;
  used: boolean;
  /** When the code stops working (epoch ms): LOGIN_CODE_MINUTES after it was sent, as on the server. */
  expires_at: number;
  /** Wrong codes typed for it; at MAX_LOGIN_CODE_ATTEMPTS it is dead, as on the server. */
  wrong_guesses: number;
}
export interface MockSession {
  token: string;
  access_token: string;
  user_id: number;
  /** The session's offline-copy key (issue 37), made at its first `GET /login/offline-key`. */
  local_key?: string;
}

export interface MockState {
  networks: MockNetwork[];
  hospitals: MockHospital[];
  users: MockUser[];
  teams: MockTeam[];
  /** Deleted teams, kept as the server keeps them (`deleted_at`): old advice questions name them. */
  deletedTeams: MockTeam[];
  adviceConversations: MockAdviceConversation[];
  wards: MockWard[];
  patients: MockPatient[];
  cards: MockPatientCard[];
  tasks: MockTask[];
  images: MockImage[];
  files: MockFile[];
  mailbox: MockEmail[];
  loginAttempts: LoginAttempt[];
  sessions: MockSession[];
}

export interface MockBackendOptions {
  /** Which data to start with; only `demo` exists today (spec 02's demo-mode seed comes later). */
  seed?: 'demo' | 'empty';
  /** Seeds the login-code and token generator. */
  randomSeed?: number;
  now?: () => Date;
}

export const SESSION_COOKIE = 'pando_session';
export const CHALLENGE_COOKIE = 'pando_login';
const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Deterministic RFC 4122-shaped uuid for a numbered entity (`kind` keeps kinds apart). */
export function mockUuid(kind: number, id: number): string {
  return `00000000-0000-4000-8${kind.toString(16).padStart(3, '0')}-${id.toString(16).padStart(12, '0')}`;
}

/** Pending invitations (kept by the admin console's store, `adminStore.ts`). */
export interface MockInvitations {
  isInvited(email: string): boolean;
  /** The invitee's first login: their account is made and the invitation accepted. */
  accept(email: string): MockUser | undefined;
}

export class MockBackend {
  readonly state: MockState;
  /** Set by the admin handlers: an invited email can log in, as on the real server. */
  invitations: MockInvitations | undefined;
  private readonly random: () => number;
  readonly now: () => Date;
  private counters = new Map<string, number>();

  constructor(options: MockBackendOptions = {}) {
    this.random = seededRandom(options.randomSeed ?? 7);
    this.now = options.now ?? (() => new Date());
    this.state = {
      networks: [],
      hospitals: [],
      users: [],
      teams: [],
      deletedTeams: [],
      adviceConversations: [],
      wards: [],
      patients: [],
      cards: [],
      tasks: [],
      images: [],
      files: [],
      mailbox: [],
      loginAttempts: [],
      sessions: [],
    };
    if ((options.seed ?? 'demo') === 'demo') seedDemoOrganisation(this);
  }

  nextId(collection: keyof MockState): number {
    const used = [
      ...(this.state[collection] as { id?: number }[]),
      // A deleted team's id is never given again.
      ...(collection === 'teams' ? this.state.deletedTeams : []),
    ];
    const start = this.counters.get(collection) ?? Math.max(0, ...used.map((x) => x.id ?? 0));
    const next = start + 1;
    this.counters.set(collection, next);
    return next;
  }

  timestamp(): string {
    return this.now().toISOString();
  }

  randomToken(length = 32): string {
    let token = '';
    for (let i = 0; i < length; i++) token += Math.floor(this.random() * 36).toString(36);
    return token;
  }

  /** Starts a login: stores the code, "mails" it as `XXX-XXX`, returns the challenge. */
  startLogin(email: string): string {
    const normalised = email.trim().toLowerCase();
    let code = '';
    for (let i = 0; i < 6; i++)
      code += CODE_ALPHABET.charAt(Math.floor(this.random() * CODE_ALPHABET.length));
    const challenge = this.randomToken();
    for (const attempt of this.state.loginAttempts)
      if (attempt.email === normalised) attempt.used = true;
    const expires_at = this.now().getTime() + LOGIN_CODE_MINUTES * 60_000;
    this.state.loginAttempts.push({
      email: normalised,
      code,
      challenge,
      used: false,
      expires_at,
      wrong_guesses: 0,
    });
    if (this.userByEmail(normalised) || this.invitations?.isInvited(normalised)) {
      const shown = `${code.slice(0, 3)}-${code.slice(3)}`.toUpperCase();
      this.sendMail({
        to: normalised,
        subject: 'Your Pando login code',
        text: `Your Pando login code is ${shown}\n\nIt is valid for ${LOGIN_CODE_MINUTES} minutes and can be used once.`,
      });
    }
    return challenge;
  }

  /**
   * Whether a login's code can still open it, the server's rule: not used or replaced, not
   * expired, fewer than MAX_LOGIN_CODE_ATTEMPTS wrong guesses (a guessed code is dead at once).
   */
  isLiveLogin(attempt: LoginAttempt): boolean {
    return (
      !attempt.used &&
      this.now().getTime() < attempt.expires_at &&
      attempt.wrong_guesses < MAX_LOGIN_CODE_ATTEMPTS
    );
  }

  /** Checks a code for a challenge; returns the new session, or why it failed. */
  finishLogin(
    challenge: string | undefined,
    code: string,
  ): { ok: true; session: MockSession } | { ok: false; status: 400 | 403 } {
    const attempt = this.state.loginAttempts.find((a) => a.challenge === challenge);
    const typed = code.replace(/-/g, '').trim().toLowerCase();
    if (!attempt || !this.isLiveLogin(attempt)) return { ok: false, status: 400 };
    if (attempt.code !== typed) {
      attempt.wrong_guesses += 1;
      return { ok: false, status: 400 };
    }
    attempt.used = true;
    const user = this.userByEmail(attempt.email) ?? this.invitations?.accept(attempt.email);
    if (!user || user.blocked) return { ok: false, status: 403 };
    const session = {
      token: this.randomToken(),
      access_token: this.randomToken(),
      user_id: user.id,
    };
    this.state.sessions.push(session);
    return { ok: true, session };
  }

  /**
   * The key of a session's encrypted offline copy (issue 37): 32 bytes from the backend's seeded
   * generator, base64url without padding, made at the first ask and kept with the session (so
   * it goes when the session ends, as on the server).
   */
  offlineKey(session: MockSession): string {
    if (session.local_key === undefined) {
      let bytes = '';
      for (let i = 0; i < 32; i++) bytes += String.fromCharCode(Math.floor(this.random() * 256));
      session.local_key = btoa(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    }
    return session.local_key;
  }

  /** The dev mailbox keeps the newest message first, as the real server's does. */
  sendMail(mail: Omit<MockEmail, 'sent_at'>): void {
    this.state.mailbox.unshift({ ...mail, sent_at: this.timestamp() });
  }

  /** Ends the sessions `ends` picks (logout: one session, or every session of its user). */
  endSessions(ends: (session: MockSession) => boolean): void {
    this.state.sessions = this.state.sessions.filter((s) => !ends(s));
  }

  /**
   * The session of a bearer access token if one is sent, else of the session cookie (the
   * server's `authenticate`: a sent token is the only credential looked at).
   */
  session(token: string | undefined, bearer?: string): MockSession | undefined {
    return this.state.sessions.find((s) =>
      bearer !== undefined ? s.access_token === bearer : token !== undefined && s.token === token,
    );
  }

  userByEmail(email: string): MockUser | undefined {
    return this.state.users.find((u) => u.email === email);
  }
  userById(id: number): MockUser | undefined {
    return this.state.users.find((u) => u.id === id);
  }
  hospital(id: number): MockHospital | undefined {
    return this.state.hospitals.find((h) => h.id === id);
  }
  networkOf(user: MockUser): MockNetwork | undefined {
    const hospital = this.hospital(user.hospital_id);
    return this.state.networks.find((n) => n.id === hospital?.network_id);
  }
  team(id: number): MockTeam | undefined {
    return this.state.teams.find((t) => t.id === id);
  }
  /** A member of the (not deleted) team. */
  inTeam(user: { id: number }, teamId: number): boolean {
    return this.team(teamId)?.user_ids.includes(user.id) ?? false;
  }
  /** The requestor and the advice team's members (the server's `isAdviceParticipant`). */
  takesPart(user: { id: number }, advice: MockAdviceConversation): boolean {
    return advice.requestor_id === user.id || this.inTeam(user, advice.team_id);
  }
  /** The user's share of a record shared by `users/…`, `teams/…`, `advice-conversation/…` entries
   * (the server's canReadShared): named, in the team, or taking part in the advice conversation. */
  sharedWith(user: { id: number }, entries: readonly string[]): boolean {
    return entries.some((entry) => {
      const [kind, raw] = entry.split('/');
      const id = Number(raw);
      if (kind === 'users') return id === user.id;
      if (kind === 'teams') return this.inTeam(user, id);
      const advice = this.state.adviceConversations.find((a) => a.id === id);
      return advice !== undefined && this.takesPart(user, advice);
    });
  }
  /** A team deleted or not, as the server's advice queries join it (they ignore `deleted_at`). */
  teamOfAdvice(advice: { team_id: number }): MockTeam | undefined {
    const id = advice.team_id;
    return this.team(id) ?? this.state.deletedTeams.find((t) => t.id === id);
  }

  /** Where a user or team sits, as the domain's access rules read it. */
  placement(hospitalId: number): { hospital_id: number; network_id: number | null } {
    return { hospital_id: hospitalId, network_id: this.hospital(hospitalId)?.network_id ?? null };
  }

  /** The domain's canSeeUser, as the server applies it. */
  canSee(viewer: MockUser, target: MockUser): boolean {
    return canSeeUser(
      { ...viewer, ...this.placement(viewer.hospital_id) },
      { ...target, ...this.placement(target.hospital_id) },
    );
  }

  /** The domain's canReadTeam, as the server applies it. */
  canSeeTeam(viewer: MockUser, team: MockTeam): boolean {
    return canReadTeam(
      { id: viewer.id, ...this.placement(viewer.hospital_id) },
      { ...team, ...this.placement(team.hospital_id) },
    );
  }

  isForum(team: MockTeam): boolean {
    return isForum(team);
  }
}

export function createMockBackend(options: MockBackendOptions = {}): MockBackend {
  return new MockBackend(options);
}
