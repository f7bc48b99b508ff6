import Papa from 'papaparse';
import { TEXTS, textsWith } from '../texts/texts';
import { INTERNAL_CODES } from '../wire/errors';
import { isSendToEmailValid } from '../files/sendToEmail';
import { formatAuthCode } from '../auth/login';
import { accessRank } from '../access/rank';
import { displayName } from '../users/displayName';
import { fieldError, type ApiError } from '../wire/errors';
import { INVITE_CSV_PLACEHOLDER_EMAIL, INVITE_ROW_STATUSES } from './constants';

/** Spec 02 §2 "Please select a row": null when something is selected. */
export function requireSelection(ids: readonly unknown[]): string | null {
  return ids.length === 0 ? TEXTS.selectRow : null;
}

/**
 * Spec 02 §5: a code is generated for exactly one selected user. None: "Please select an invite
 * in order to get the auth code for that user"; more: "You can only generate a code for one user
 * at a time".
 */
export function generateCodeSelection<T>(
  selected: readonly T[],
): { ok: true; target: T } | { ok: false; error: string } {
  const [first] = selected;
  if (selected.length === 0 || first === undefined)
    return { ok: false, error: TEXTS.selectInviteForCode };
  if (selected.length > 1) return { ok: false, error: TEXTS.oneCodeAtATime };
  return { ok: true, target: first };
}

/** The generate-code dialog (spec 02 §4). */
export type GenerateCodeDialog =
  | { state: 'closed' }
  | { state: 'loading' }
  | { state: 'code'; code: string }
  /** A 409: the user must first start login in the mobile app. */
  | { state: 'startLoginFirst'; message: string }
  | { state: 'error'; message: string };

export type GenerateCodeEvent =
  | { type: 'OPEN' }
  | { type: 'RECEIVED'; authorization_code: string }
  | { type: 'FAILED'; statusCode: number }
  | { type: 'CLOSE' };

export function generateCodeTransition(
  state: GenerateCodeDialog,
  event: GenerateCodeEvent,
): GenerateCodeDialog {
  switch (event.type) {
    case 'OPEN':
      return { state: 'loading' };
    case 'RECEIVED':
      return state.state === 'loading'
        ? { state: 'code', code: formatAuthCode(event.authorization_code) }
        : state;
    case 'FAILED':
      if (state.state !== 'loading') return state;
      return event.statusCode === 409
        ? { state: 'startLoginFirst', message: TEXTS.startLoginFirst }
        : { state: 'error', message: TEXTS.unableToGetCode };
    case 'CLOSE':
      return { state: 'closed' };
  }
}

export type InviteRowStatus = (typeof INVITE_ROW_STATUSES)[keyof typeof INVITE_ROW_STATUSES];

export interface InviteImportRow {
  email: string;
  valid: boolean;
  /** Invalid emails are not pre-selected (spec 02 §5). */
  selected: boolean;
  status: InviteRowStatus;
}

/**
 * Spec 02 §5 CSV import: emails from the first column, the header row skipped, the template's
 * placeholder address skipped; invalid emails are kept (so the admin sees them) but not
 * pre-selected. Blank rows and repeated addresses are dropped.
 */
export function parseInviteCsv(
  csv: string,
  placeholder: string = INVITE_CSV_PLACEHOLDER_EMAIL,
): InviteImportRow[] {
  const parsed = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const seen = new Set<string>();
  const rows: InviteImportRow[] = [];
  for (const record of parsed.data.slice(1)) {
    const email = (record[0] ?? '').trim().toLowerCase();
    if (!email || email === placeholder.toLowerCase() || seen.has(email)) continue;
    seen.add(email);
    const valid = isSendToEmailValid(email) && !/\s/.test(email);
    rows.push({
      email,
      valid,
      selected: valid,
      status: valid ? INVITE_ROW_STATUSES.NOT_SENT : INVITE_ROW_STATUSES.INVALID,
    });
  }
  return rows;
}

/** Outcome of one POST /admin/invites. */
export type InviteOutcome =
  { kind: 'sent' } | { kind: 'failed'; statusCode: number; internalCode?: string | undefined };

/**
 * Status after sending (spec 02 §4): "Sent successfully", "Already invited" (a 409 without a
 * feature code) or "Error, unable to send the invitation".
 */
export function inviteRowStatus(outcome: InviteOutcome): InviteRowStatus {
  if (outcome.kind === 'sent') return INVITE_ROW_STATUSES.SENT;
  if (outcome.statusCode === 409 && outcome.internalCode !== INTERNAL_CODES.FEATURE_NOT_ENABLED) {
    return INVITE_ROW_STATUSES.ALREADY_INVITED;
  }
  return INVITE_ROW_STATUSES.ERROR;
}

/** Spec 02 §8: bulk import stops at FEATURE_NOT_ENABLED. */
export function shouldStopImport(outcome: InviteOutcome): boolean {
  return outcome.kind === 'failed' && outcome.internalCode === INTERNAL_CODES.FEATURE_NOT_ENABLED;
}

/** Spec 02 §8 notification for one invite. */
export function inviteNotification(email: string, outcome: InviteOutcome): string {
  if (outcome.kind === 'sent') return textsWith.inviteSent(email);
  if (outcome.internalCode === INTERNAL_CODES.FEATURE_NOT_ENABLED) {
    return textsWith.inviteFeatureNotEnabled(email);
  }
  return textsWith.inviteNotSent(email);
}

/**
 * Spec 02 §4 block/transfer. Nothing happens when no rows are selected (empty list). Blocking
 * moves the user to the organisation 'General'; a transfer moves them to the chosen one.
 */
export function blockPatches(
  selectedIds: readonly number[],
  generalHospitalUuid: string,
): { id: number; patch: { blocked: true; hospital_uuid: string } }[] {
  return selectedIds.map((id) => ({
    id,
    patch: { blocked: true, hospital_uuid: generalHospitalUuid },
  }));
}

export function transferPatches(
  selectedIds: readonly number[],
  hospitalUuid: string,
): { id: number; patch: { hospital_uuid: string } }[] {
  return selectedIds.map((id) => ({ id, patch: { hospital_uuid: hospitalUuid } }));
}

/** Spec 02 §2: sorting by name maps to last_name (also the default). */
export function adminUsersSort(column: string | null | undefined, descending = false): string {
  const field = !column || column === 'name' ? 'last_name' : column;
  return descending ? `-${field}` : field;
}

/** Admin list state (spec 02 §3/§4): items by id, total, loading, error. */
export interface AdminListState<T extends { id: number }> {
  items: Record<number, T>;
  order: number[];
  total: number;
  loading: boolean;
  error: string | null;
}

export type AdminListEvent<T> =
  | { type: 'START' }
  | { type: 'SUCCESS'; items: readonly T[]; total: number; append: boolean }
  | { type: 'FAILURE'; error: string };

export function emptyAdminList<T extends { id: number }>(): AdminListState<T> {
  return { items: {}, order: [], total: 0, loading: false, error: null };
}

/** Start sets loading, success clears the error, failure stores the error text (spec 02 §4). */
export function adminListTransition<T extends { id: number }>(
  state: AdminListState<T>,
  event: AdminListEvent<T>,
): AdminListState<T> {
  switch (event.type) {
    case 'START':
      return { ...state, loading: true };
    case 'SUCCESS': {
      const items = event.append ? { ...state.items } : {};
      const order = event.append ? [...state.order] : [];
      for (const item of event.items) {
        if (!(item.id in items)) order.push(item.id);
        items[item.id] = item;
      }
      return { items, order, total: event.total, loading: false, error: null };
    }
    case 'FAILURE':
      return { ...state, loading: false, error: event.error };
  }
}

/** Availability label (spec 02 §4). */
export function availabilityLabel(status: string | null | undefined): string {
  if (status === 'AVAILABLE') return 'Available';
  if (status === 'UNAVAILABLE') return 'Unavailable';
  return 'Unknown';
}

/**
 * What an administrator manages (spec 02 §6, issue 20): an ORGANISATION_ADMIN their
 * organisation, a NETWORK_ADMIN their network, a PANDO_ADMIN everything; a level starting with
 * USER nothing (null). Decisions: NEURO (between network and product admin, spec 02 §3) manages
 * its network; a network admin whose organisation has no network manages that organisation.
 */
export type AdminReach =
  | { kind: 'organisation'; hospitalId: number }
  | { kind: 'network'; networkId: number }
  | { kind: 'all' };

export interface AdminActor {
  access_level: string;
  hospital_id: number | null;
  network_id: number | null;
}

export function adminReach(actor: AdminActor): AdminReach | null {
  if (actor.access_level.startsWith('USER')) return null;
  if (actor.access_level === 'PANDO_ADMIN') return { kind: 'all' };
  const wide = actor.access_level === 'NETWORK_ADMIN' || actor.access_level === 'NEURO';
  if (wide && actor.network_id !== null) return { kind: 'network', networkId: actor.network_id };
  if (actor.access_level === 'ORGANISATION_ADMIN' || wide) {
    return actor.hospital_id === null
      ? null
      : { kind: 'organisation', hospitalId: actor.hospital_id };
  }
  return null;
}

/** Whether something of an organisation (a user, a team, an invite) is within an admin's reach. */
export function withinAdminReach(
  reach: AdminReach,
  target: { hospital_id: number | null; network_id: number | null },
): boolean {
  switch (reach.kind) {
    case 'all':
      return true;
    case 'network':
      return target.network_id === reach.networkId;
    case 'organisation':
      return target.hospital_id === reach.hospitalId;
  }
}

/** Spec 02 §7: the admin users list searches with `q` or its older name `searchQuery`. */
export function adminSearchText(query: {
  q?: string | undefined;
  searchQuery?: string | undefined;
}): string {
  return (query.q || query.searchQuery || '').trim();
}

/**
 * Spec 02 §2 users sort: a comma list of fields, '-' for descending; `name` maps to last_name;
 * unknown fields are dropped; the default is last_name. Returns [field, descending] pairs.
 */
export function parseAdminSort(
  sort: string | undefined,
  allowed: readonly string[],
  fallback: string,
): [string, boolean][] {
  const out: [string, boolean][] = [];
  for (const raw of (sort ?? '').split(',')) {
    const desc = raw.startsWith('-');
    const name = desc ? raw.slice(1) : raw;
    const field = name === 'name' ? 'last_name' : name;
    if (allowed.includes(field) && !out.some(([f]) => f === field)) out.push([field, desc]);
  }
  if (out.length > 0) return out;
  const desc = fallback.startsWith('-');
  return [[desc ? fallback.slice(1) : fallback, desc]];
}

/**
 * Whether an admin may transfer or block a user of their reach: never themselves (a console
 * cannot lock out its own operator), never someone of a higher access level than their own.
 */
export function adminChangeRefusal(
  actor: { id: number; access_level: string },
  target: { id: number; access_level: string },
): string | null {
  if (actor.id === target.id) return 'You cannot transfer or block yourself.';
  if (accessRank(target.access_level) > accessRank(actor.access_level))
    return 'You cannot change a user with a higher access level than yours.';
  return null;
}

/**
 * Whether an admin may generate a login code for a user (`GET /admin/users/{id}/auth-code`,
 * issue 36's takeover finding): the PATCH rule (`adminChangeRefusal`: never themselves, never
 * a higher level), and never a peer either — a code logs in as that person, so a network admin
 * issuing one for another network admin (or a product admin) would become them.
 */
export function loginCodeRefusal(
  actor: { id: number; access_level: string },
  target: { id: number; access_level: string },
): string | null {
  if (actor.id === target.id) return 'You cannot generate a login code for yourself.';
  const refusal = adminChangeRefusal(actor, target);
  if (refusal || accessRank(target.access_level) >= accessRank(actor.access_level))
    return 'You cannot generate a login code for a user with an access level as high as yours.';
  return null;
}

/**
 * The name an invitee's account starts with at their first login (they can change it later):
 * from the email's local part, split at dots, dashes and underscores, each part capitalised —
 * `mary-jane.o_neill@x` is Mary, "Jane O Neill".
 */
export function inviteeName(email: string): { first: string; last: string } {
  const local = email.split('@')[0] ?? email;
  const parts = local
    .split(/[._-]+/)
    .filter(Boolean)
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1));
  return { first: parts[0] ?? local, last: parts.slice(1).join(' ') };
}

/**
 * The invitation email (spec 02 §4 "Invite": the spec names it, not its words), as the server
 * sends it: who invited, to which organisation, and how to log in.
 * `publicUrl` (the server's PUBLIC_URL) says where the product is, when it is known.
 */
export function invitationEmail(o: {
  inviter: { first_name?: string | null; last_name?: string | null; email?: string | null };
  productName: string;
  organisation: string;
  email: string;
  publicUrl?: string | undefined;
}): { subject: string; text: string } {
  const where = o.publicUrl ? ` at ${o.publicUrl}` : '';
  return {
    subject: `You are invited to ${o.productName}`,
    text: [
      `${displayName(o.inviter)} invited you to ${o.productName}, the team messaging of ${o.organisation}.`,
      '',
      `Open ${o.productName}${where} and log in with this email address (${o.email}); we will email you a login code.`,
    ].join('\n'),
  };
}

/**
 * A network's default organisation (spec 02 §3 "Networks"), on create and update, as the server
 * checks it: a new network has no organisations to choose from; on update it must be one of
 * the network's own (`isOwnOrganisation`: the caller looked it up). A 400 naming the field.
 */
export function defaultOrganisationRefusal(o: {
  creating: boolean;
  defaultOrganisationId: number | null | undefined;
  isOwnOrganisation: boolean;
}): ApiError | null {
  if (o.defaultOrganisationId === null || o.defaultOrganisationId === undefined) return null;
  if (o.creating)
    return fieldError('default_organisation_id', 'a new network has no organisations yet');
  return o.isOwnOrganisation
    ? null
    : fieldError('default_organisation_id', 'not an organisation of this network');
}

/** Deleting a network (spec 02 §3): only an empty one; one with organisations stays (409). */
export function networkDeleteRefusal(organisations: number): ApiError | null {
  return organisations > 0 ? { statusCode: 409, message: TEXTS.networkHasOrganisations } : null;
}
