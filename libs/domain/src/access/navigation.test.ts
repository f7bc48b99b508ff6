import { describe, expect, it } from 'vitest';
import {
  mainMenu,
  manageMenu,
  manageRouteAccess,
  showsHeaderSearch,
  userActions,
  usersTabs,
} from './navigation';
import type { Viewer } from './gates';

const v = (access_level: string, extra: Partial<Viewer> = {}): Viewer => ({
  access_level,
  ...extra,
});
const pando = v('PANDO_ADMIN', {
  features: { pando_control_v2: true, form_templates: true },
  premium_features: { pagers: true, advice_channels: true, patient_cards: true },
});
const netAdmin = v('NETWORK_ADMIN', { network_features: { user_invite_by_email: true } });

describe('main shell (spec 01 §2)', () => {
  it('left menu: Chats; List only with patient_cards; Admin only for organisation, network or pando admins', () => {
    expect(mainMenu(v('USER')).map((i) => i.route)).toEqual(['/']);
    expect(mainMenu(pando).map((i) => i.label)).toEqual(['Chats', 'List', 'Admin']);
    expect(mainMenu(v('NEURO')).map((i) => i.label)).toEqual(['Chats']);
  });

  it('the header search box is hidden on /patients and /manage', () => {
    expect(showsHeaderSearch('/')).toBe(true);
    expect(showsHeaderSearch('/teams/3')).toBe(true);
    expect(showsHeaderSearch('/patients')).toBe(false);
    expect(showsHeaderSearch('/patients/4')).toBe(false);
    expect(showsHeaderSearch('/manage/users')).toBe(false);
    expect(showsHeaderSearch('/managers')).toBe(true);
    expect(showsHeaderSearch('/patientsearch')).toBe(true);
    expect(showsHeaderSearch('/manage')).toBe(false);
  });
});

describe('management routes (spec 02 §2)', () => {
  it('a level starting with USER sees the "No access" page', () => {
    expect(manageRouteAccess('/manage', v('USER_VERIFIED'))).toEqual({ kind: 'noAccess' });
    expect(manageMenu(v('USER'))).toEqual([]);
  });

  it('every admin sees the report, broadcast, export, users, user detail and teams', () => {
    const admin = v('ORGANISATION_ADMIN');
    for (const path of [
      '/manage',
      '/manage/broadcast',
      '/manage/export',
      '/manage/users',
      '/manage/users/42',
      '/manage/teams',
      '/manage/teams/create',
      '/manage/teams/3/edit',
    ]) {
      expect(manageRouteAccess(path, admin)).toEqual({ kind: 'allow' });
    }
  });

  it('invitations need a network admin with user_invite_by_email; otherwise redirect to /manage/users', () => {
    expect(manageRouteAccess('/manage/users/invitations', netAdmin)).toEqual({ kind: 'allow' });
    expect(manageRouteAccess('/manage/users/invitations/import', netAdmin)).toEqual({
      kind: 'allow',
    });
    expect(manageRouteAccess('/manage/users/invitations', v('ORGANISATION_ADMIN'))).toEqual({
      kind: 'redirect',
      to: '/manage/users',
    });
    expect(usersTabs(netAdmin).map((t) => t.label)).toEqual(['Users', 'Invitations']);
    expect(usersTabs(v('ORGANISATION_ADMIN')).map((t) => t.label)).toEqual(['Users']);
  });

  it('advice channels, pagers and networks follow their features; form templates show "coming soon"', () => {
    const admin = v('ORGANISATION_ADMIN');
    expect(manageRouteAccess('/manage/advice-channels/create', admin)).toEqual({
      kind: 'notFound',
    });
    expect(manageRouteAccess('/manage/advice-channels/4/edit', pando)).toEqual({ kind: 'allow' });
    expect(manageRouteAccess('/manage/pagers', admin)).toEqual({ kind: 'notFound' });
    expect(manageRouteAccess('/manage/pagers', pando)).toEqual({ kind: 'allow' });
    expect(manageRouteAccess('/manage/networks/3/delete', pando)).toEqual({ kind: 'allow' });
    expect(manageRouteAccess('/manage/networks', netAdmin)).toEqual({ kind: 'notFound' });
    expect(manageRouteAccess('/manage/form-templates', admin)).toEqual({ kind: 'comingSoon' });
    expect(manageRouteAccess('/manage/form-templates', pando)).toEqual({ kind: 'allow' });
    expect(manageRouteAccess('/manage/unknown', pando)).toEqual({ kind: 'notFound' });
    expect(manageRouteAccess('/manage/audit', admin)).toEqual({ kind: 'allow' });
    expect(manageRouteAccess('/manage/audit', v('NEURO'))).toEqual({ kind: 'notFound' });
  });

  it('the manage menu lists what the viewer may open', () => {
    expect(manageMenu(v('ORGANISATION_ADMIN')).map((i) => i.label)).toEqual([
      'Report',
      'Users',
      'Teams',
      'Form templates',
      'Broadcast',
      'Data export',
      'Audit log',
    ]);
    expect(manageMenu(pando)).toHaveLength(10);
    expect(manageMenu(v('NEURO')).map((i) => i.label)).not.toContain('Audit log');
  });

  it('users actions: Transfer, Delete, and Generate code for network admins only', () => {
    expect(userActions(netAdmin)).toEqual(['transfer', 'delete', 'generateCode']);
    expect(userActions(pando)).toEqual(['transfer', 'delete']);
  });
});
