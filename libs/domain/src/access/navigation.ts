import {
  canGenerateCode,
  canManageNetworks,
  canSeeAdminMenu,
  canSeeAdviceChannels,
  canSeeInvitations,
  canSeePagers,
  canSeePatientList,
  canUseFormTemplates,
  isConsoleDenied,
  type Viewer,
} from './gates';

/** Left menu of the main shell (spec 01 §2). */
export interface MenuItem {
  key: 'chats' | 'gallery' | 'list' | 'admin';
  label: string;
  route: string;
}

/**
 * Spec 01 §2: Chats (/), Gallery (/images, hidden in the main menu), List (/patients, only with
 * patient_cards), Admin (/manage, only for organisation, network or pando admins).
 */
export function mainMenu(viewer: Viewer): MenuItem[] {
  const items: MenuItem[] = [{ key: 'chats', label: 'Chats', route: '/' }];
  if (canSeePatientList(viewer)) items.push({ key: 'list', label: 'List', route: '/patients' });
  if (canSeeAdminMenu(viewer.access_level))
    items.push({ key: 'admin', label: 'Admin', route: '/manage' });
  return items;
}

/** Spec 01 §2: the header search box is hidden on /patients and /manage. */
export function showsHeaderSearch(pathname: string): boolean {
  return !/^\/(patients|manage)(\/|$)/.test(pathname);
}

/** What a /manage path shows for a viewer (spec 02 §2 table). */
export type ManageRouteAccess =
  | { kind: 'allow' }
  | { kind: 'noAccess' }
  | { kind: 'redirect'; to: string }
  | { kind: 'comingSoon' }
  | { kind: 'notFound' };

const MANAGE_ROUTES: { pattern: RegExp; gate: (v: Viewer) => ManageRouteAccess }[] = [
  { pattern: /^\/manage\/?$/, gate: () => ({ kind: 'allow' }) },
  { pattern: /^\/manage\/(broadcast|export)\/?$/, gate: () => ({ kind: 'allow' }) },
  {
    pattern: /^\/manage\/users\/invitations(\/import)?\/?$/,
    gate: (v) =>
      canSeeInvitations(v) ? { kind: 'allow' } : { kind: 'redirect', to: '/manage/users' },
  },
  { pattern: /^\/manage\/users(\/[A-Za-z0-9_-]+)?\/?$/, gate: () => ({ kind: 'allow' }) },
  {
    pattern: /^\/manage\/advice-channels(\/create|\/\d+\/edit)?\/?$/,
    gate: (v) => (canSeeAdviceChannels(v) ? { kind: 'allow' } : { kind: 'notFound' }),
  },
  { pattern: /^\/manage\/teams(\/create|\/\d+\/edit)?\/?$/, gate: () => ({ kind: 'allow' }) },
  {
    pattern: /^\/manage\/pagers\/?$/,
    gate: (v) => (canSeePagers(v) ? { kind: 'allow' } : { kind: 'notFound' }),
  },
  {
    pattern: /^\/manage\/networks(\/create|\/\d+\/edit|\/\d+\/delete)?\/?$/,
    gate: (v) => (canManageNetworks(v) ? { kind: 'allow' } : { kind: 'notFound' }),
  },
  {
    // Issue 36: the audit trail, for organisation, network and product admins (not NEURO).
    pattern: /^\/manage\/audit\/?$/,
    gate: (v) => (canSeeAdminMenu(v.access_level) ? { kind: 'allow' } : { kind: 'notFound' }),
  },
  {
    pattern: /^\/manage\/form-templates\/?$/,
    gate: (v) => (canUseFormTemplates(v) ? { kind: 'allow' } : { kind: 'comingSoon' }),
  },
];

/**
 * Spec 02 §2 gating of the management routes. A level starting with USER gets the "No access"
 * page; invitations redirect to /manage/users when not allowed; form templates show "coming
 * soon"; other gated pages (advice channels, pagers, networks) are not found when off.
 */
export function manageRouteAccess(pathname: string, viewer: Viewer): ManageRouteAccess {
  if (isConsoleDenied(viewer.access_level)) return { kind: 'noAccess' };
  const route = MANAGE_ROUTES.find((r) => r.pattern.test(pathname));
  return route ? route.gate(viewer) : { kind: 'notFound' };
}

/** The manage sidebar entries a viewer sees, in order (spec 02 §2). */
export function manageMenu(viewer: Viewer): { label: string; route: string }[] {
  if (isConsoleDenied(viewer.access_level)) return [];
  const items = [
    { label: 'Report', route: '/manage', show: true },
    { label: 'Users', route: '/manage/users', show: true },
    { label: 'Teams', route: '/manage/teams', show: true },
    {
      label: 'Advice channels',
      route: '/manage/advice-channels',
      show: canSeeAdviceChannels(viewer),
    },
    { label: 'Pagers', route: '/manage/pagers', show: canSeePagers(viewer) },
    { label: 'Networks', route: '/manage/networks', show: canManageNetworks(viewer) },
    { label: 'Form templates', route: '/manage/form-templates', show: true },
    { label: 'Broadcast', route: '/manage/broadcast', show: true },
    { label: 'Data export', route: '/manage/export', show: true },
    { label: 'Audit log', route: '/manage/audit', show: canSeeAdminMenu(viewer.access_level) },
  ];
  return items.filter((i) => i.show).map(({ label, route }) => ({ label, route }));
}

/** Users tabs (spec 02 §2): Users, and Invitations when allowed. */
export function usersTabs(viewer: Viewer): { label: string; route: string }[] {
  return [
    { label: 'Users', route: '/manage/users' },
    ...(canSeeInvitations(viewer)
      ? [{ label: 'Invitations', route: '/manage/users/invitations' }]
      : []),
  ];
}

/** Users table actions (spec 02 §2): Transfer, Delete (blocks), Generate code (network admin). */
export function userActions(viewer: Viewer): ('transfer' | 'delete' | 'generateCode')[] {
  return ['transfer', 'delete', ...(canGenerateCode(viewer) ? (['generateCode'] as const) : [])];
}
