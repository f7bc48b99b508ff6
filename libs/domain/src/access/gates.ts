import { ADMIN_MENU_LEVELS } from './constants';
import type { AccessLevel } from './levels';

/**
 * What the gates need to know about the viewer. Flags are maps (`{ patient_cards: true }`), as
 * the API sends them; a missing flag is off.
 */
export interface Viewer {
  access_level: string;
  features?: Partial<Record<string, boolean>> | null;
  premium_features?: Partial<Record<string, boolean>> | null;
  /** Network flags (`user_invite_by_email`), from the viewer's network. */
  network_features?: Partial<Record<string, boolean>> | null;
}

const flag = (map: Partial<Record<string, boolean>> | null | undefined, name: string): boolean =>
  map?.[name] === true;

/** Spec 01 §6: Admin menu visible only to ORGANISATION_ADMIN, NETWORK_ADMIN and PANDO_ADMIN. */
export function canSeeAdminMenu(level: string): boolean {
  return (ADMIN_MENU_LEVELS as readonly string[]).includes(level);
}

/** Spec 02 §2/§6: a level starting with USER (USER, USER_VERIFIED) is denied the console. */
export function isConsoleDenied(level: string): boolean {
  return level.startsWith('USER');
}

const isNetworkAdmin = (v: Viewer): boolean => v.access_level === 'NETWORK_ADMIN';
const isProductAdmin = (v: Viewer): boolean => v.access_level === 'PANDO_ADMIN';

/**
 * "Network admin" in spec 02 §6. We read it as the NETWORK_ADMIN level exactly: NEURO and
 * PANDO_ADMIN have their own powers, and the spec lists the product admin separately (network
 * dropdown), so the generate-code and invitations gates stay with NETWORK_ADMIN.
 */
export function canGenerateCode(v: Viewer): boolean {
  return isNetworkAdmin(v);
}

/** Spec 02 §6: the Invitations tab is for network admins when the network has user_invite_by_email. */
export function canSeeInvitations(v: Viewer): boolean {
  return isNetworkAdmin(v) && flag(v.network_features, 'user_invite_by_email');
}

/** Spec 02 §2: the organisation dropdown shows on creation for a network admin, never on edit. */
export function showsOrganisationDropdown(v: Viewer, mode: 'create' | 'edit'): boolean {
  return mode === 'create' && isNetworkAdmin(v);
}

/** Spec 02 §2: the network dropdown shows on creation for a product admin, never on edit. */
export function showsNetworkDropdown(v: Viewer, mode: 'create' | 'edit'): boolean {
  return mode === 'create' && isProductAdmin(v);
}

/** Spec 02 §6: networks pages need pando_control_v2 and a product admin. */
export function canManageNetworks(v: Viewer): boolean {
  return flag(v.features, 'pando_control_v2') && isProductAdmin(v);
}

/** Spec 02 §2: the builder shows with form_templates; otherwise a "coming soon" page. */
export function canUseFormTemplates(v: Viewer): boolean {
  return flag(v.features, 'form_templates');
}

/** Spec 02 §2: pagers need the premium feature pagers. */
export function canSeePagers(v: Viewer): boolean {
  return flag(v.premium_features, 'pagers');
}

/** Spec 02 §2: advice channels need the premium feature advice_channels. */
export function canSeeAdviceChannels(v: Viewer): boolean {
  return flag(v.premium_features, 'advice_channels');
}

/** Spec 01 §6: the patient list needs the premium feature patient_cards. */
export function canSeePatientList(v: Viewer): boolean {
  return flag(v.premium_features, 'patient_cards');
}

/** The admin pages every admin sees (report, broadcast, export, users, teams). */
export function canSeeConsole(v: Viewer): boolean {
  return !isConsoleDenied(v.access_level);
}

export type { AccessLevel };
