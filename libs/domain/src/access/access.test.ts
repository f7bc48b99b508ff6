import { describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from './constants';
import { AccessLevelSchema, accessRank, hasAccess, isAccessLevel } from './levels';
import {
  canGenerateCode,
  canManageNetworks,
  canSeeAdminMenu,
  canSeeAdviceChannels,
  canSeeConsole,
  canSeeInvitations,
  canSeePagers,
  canSeePatientList,
  canUseFormTemplates,
  isConsoleDenied,
  showsNetworkDropdown,
  showsOrganisationDropdown,
  type Viewer,
} from './gates';
import { analyticsScopeConfig } from '../config/analyticsScopeConfig';
import { analyticsScope, isDemoAnalyticsViewer } from './analyticsScope';

const viewer = (access_level: string, extra: Partial<Viewer> = {}): Viewer => ({
  access_level,
  ...extra,
});

describe('access levels', () => {
  it('orders levels USER < USER_VERIFIED < ORGANISATION_ADMIN < NETWORK_ADMIN < NEURO < PANDO_ADMIN', () => {
    expect(ACCESS_LEVELS).toEqual([
      'USER',
      'USER_VERIFIED',
      'ORGANISATION_ADMIN',
      'NETWORK_ADMIN',
      'NEURO',
      'PANDO_ADMIN',
    ]);
    expect(accessRank('NEURO')).toBeGreaterThan(accessRank('NETWORK_ADMIN'));
  });

  it("passes when the user's level is at or above the required one", () => {
    expect(hasAccess('ORGANISATION_ADMIN', 'ORGANISATION_ADMIN')).toBe(true);
    expect(hasAccess('PANDO_ADMIN', 'NEURO')).toBe(true);
    expect(hasAccess('USER_VERIFIED', 'ORGANISATION_ADMIN')).toBe(false);
    expect(hasAccess('NEURO', 'PANDO_ADMIN')).toBe(false);
  });

  it('denies unknown or missing levels', () => {
    expect(hasAccess('SUPERUSER', 'USER')).toBe(false);
    expect(hasAccess(undefined, 'USER')).toBe(false);
    expect(hasAccess(null, 'USER')).toBe(false);
    expect(isAccessLevel('NEURO')).toBe(true);
    expect(isAccessLevel('neuro')).toBe(false);
  });

  it('rejects an unknown level with a zod error', () => {
    const r = AccessLevelSchema.safeParse('ROOT');
    expect(r.success).toBe(false);
  });
});

describe('admin menu and console', () => {
  it('shows the Admin menu only to ORGANISATION_ADMIN, NETWORK_ADMIN and PANDO_ADMIN (NEURO excluded)', () => {
    const visible = ACCESS_LEVELS.filter(canSeeAdminMenu);
    expect(visible).toEqual(['ORGANISATION_ADMIN', 'NETWORK_ADMIN', 'PANDO_ADMIN']);
  });

  it('denies the console to a level starting with USER', () => {
    expect(isConsoleDenied('USER')).toBe(true);
    expect(isConsoleDenied('USER_VERIFIED')).toBe(true);
    expect(isConsoleDenied('ORGANISATION_ADMIN')).toBe(false);
    expect(canSeeConsole(viewer('NEURO'))).toBe(true);
    expect(canSeeConsole(viewer('USER'))).toBe(false);
  });
});

describe('feature gates of spec 02 §6', () => {
  it('Generate code: network admin only', () => {
    expect(canGenerateCode(viewer('NETWORK_ADMIN'))).toBe(true);
    expect(canGenerateCode(viewer('ORGANISATION_ADMIN'))).toBe(false);
    expect(canGenerateCode(viewer('PANDO_ADMIN'))).toBe(false);
  });

  it('Invitations tab: network admin, when the network has user_invite_by_email', () => {
    expect(
      canSeeInvitations(
        viewer('NETWORK_ADMIN', { network_features: { user_invite_by_email: true } }),
      ),
    ).toBe(true);
    expect(canSeeInvitations(viewer('NETWORK_ADMIN'))).toBe(false);
    expect(
      canSeeInvitations(
        viewer('ORGANISATION_ADMIN', { network_features: { user_invite_by_email: true } }),
      ),
    ).toBe(false);
  });

  it('organisation dropdown: network admin; network dropdown: product admin; neither when editing', () => {
    expect(showsOrganisationDropdown(viewer('NETWORK_ADMIN'), 'create')).toBe(true);
    expect(showsOrganisationDropdown(viewer('NETWORK_ADMIN'), 'edit')).toBe(false);
    expect(showsOrganisationDropdown(viewer('ORGANISATION_ADMIN'), 'create')).toBe(false);
    expect(showsNetworkDropdown(viewer('PANDO_ADMIN'), 'create')).toBe(true);
    expect(showsNetworkDropdown(viewer('PANDO_ADMIN'), 'edit')).toBe(false);
    expect(showsNetworkDropdown(viewer('NETWORK_ADMIN'), 'create')).toBe(false);
  });

  it('networks pages: feature pando_control_v2 (and product admin)', () => {
    expect(canManageNetworks(viewer('PANDO_ADMIN', { features: { pando_control_v2: true } }))).toBe(
      true,
    );
    expect(canManageNetworks(viewer('PANDO_ADMIN'))).toBe(false);
    expect(
      canManageNetworks(viewer('NETWORK_ADMIN', { features: { pando_control_v2: true } })),
    ).toBe(false);
  });

  it('form_templates (builder), advice_channels and pagers (premium), patient_cards (patient list)', () => {
    const all = viewer('USER_VERIFIED', {
      features: { form_templates: true },
      premium_features: { pagers: true, advice_channels: true, patient_cards: true },
    });
    expect(canUseFormTemplates(all)).toBe(true);
    expect(canSeePagers(all)).toBe(true);
    expect(canSeeAdviceChannels(all)).toBe(true);
    expect(canSeePatientList(all)).toBe(true);
    const none = viewer('USER_VERIFIED', { features: null, premium_features: null });
    expect(canUseFormTemplates(none)).toBe(false);
    expect(canSeePagers(none)).toBe(false);
    expect(canSeeAdviceChannels(none)).toBe(false);
    expect(canSeePatientList(none)).toBe(false);
  });
});

describe('analytics scope', () => {
  it('a network-wide admin uses the network kind with the network id', () => {
    expect(
      analyticsScope({ access_level: 'NETWORK_ADMIN', network_id: 7, hospital_uuid: 'h1' }),
    ).toEqual({ kind: 'network', id: '7' });
    expect(
      analyticsScope({ access_level: 'PANDO_ADMIN', network_uuid: 'n-1', hospital_uuid: 'h1' }),
    ).toEqual({ kind: 'network', id: 'n-1' });
  });

  it('otherwise the organisation kind with the hospital uuid', () => {
    expect(
      analyticsScope({ access_level: 'ORGANISATION_ADMIN', network_id: 7, hospital_uuid: 'h1' }),
    ).toEqual({ kind: 'organisation', id: 'h1' });
    expect(analyticsScope({ access_level: 'NETWORK_ADMIN', hospital_uuid: 'h1' })).toEqual({
      kind: 'organisation',
      id: 'h1',
    });
    expect(analyticsScope({ access_level: 'USER' })).toBeNull();
  });

  it('a fixed organisation or network id can be set by configuration', () => {
    expect(
      analyticsScope(
        { access_level: 'ORGANISATION_ADMIN', hospital_uuid: 'h1' },
        { fixed: { kind: 'network', id: 'n9' } },
      ),
    ).toEqual({ kind: 'network', id: 'n9' });
  });

  it('internal email domains and one named account map to a fixed demo organisation', () => {
    const config = {
      demoEmailDomains: ['pando.internal'],
      demoAccounts: ['Sales@Example.org'],
      demoOrganisationId: 'demo-org',
    };
    const base = { access_level: 'NETWORK_ADMIN', network_id: 3, hospital_uuid: 'h1' };
    expect(analyticsScope({ ...base, email: 'x@pando.internal' }, config)).toEqual({
      kind: 'organisation',
      id: 'demo-org',
    });
    expect(analyticsScope({ ...base, email: 'sales@example.org' }, config)?.id).toBe('demo-org');
    expect(analyticsScope({ ...base, email: 'x@hospital.org' }, config)).toEqual({
      kind: 'network',
      id: '3',
    });
    expect(analyticsScope({ ...base, email: null }, config)?.kind).toBe('network');
    // The domain is the part after the @, exactly: a subdomain or a look-alike is not internal.
    expect(analyticsScope({ ...base, email: 'x@eu.pando.internal' }, config)?.kind).toBe('network');
    expect(analyticsScope({ ...base, email: 'x@pando.internal.evil' }, config)?.kind).toBe(
      'network',
    );
    expect(analyticsScope({ ...base, email: ' X@PANDO.INTERNAL ' }, config)?.id).toBe('demo-org');
    expect(
      analyticsScope(
        { ...base, email: 'x@pando.internal' },
        {
          demoEmailDomains: ['pando.internal'],
        },
      )?.kind,
    ).toBe('network');
  });
});

describe('analytics scope settings from the runtime configuration (spec 02 §6)', () => {
  it('carries the fixed scope and the demo organisation mapping to analyticsScope', () => {
    const config = analyticsScopeConfig({
      analytics_scope: null,
      analytics_demo: {
        organisation_id: 'demo-org',
        email_domains: ['pando.internal'],
        accounts: ['sales@example.org'],
      },
    });
    const admin = { access_level: 'ORGANISATION_ADMIN', hospital_uuid: 'h1' };
    expect(analyticsScope({ ...admin, email: 'Sales@example.org' }, config)).toEqual({
      kind: 'organisation',
      id: 'demo-org',
    });
    expect(analyticsScope({ ...admin, email: 'x@hospital.org' }, config)?.id).toBe('h1');
    expect(
      analyticsScopeConfig({ analytics_scope: { kind: 'network', id: '4' }, analytics_demo: null }),
    ).toEqual({ fixed: { kind: 'network', id: '4' } });
  });

  it('isDemoAnalyticsViewer: an internal domain or the named account, nobody else', () => {
    const config = { demoEmailDomains: ['pando.internal'], demoAccounts: ['sales@example.org'] };
    expect(isDemoAnalyticsViewer('a@pando.internal', config)).toBe(true);
    expect(isDemoAnalyticsViewer('SALES@example.org', config)).toBe(true);
    expect(isDemoAnalyticsViewer('other@example.org', config)).toBe(false);
    expect(isDemoAnalyticsViewer('pando.internal', config)).toBe(false);
    expect(isDemoAnalyticsViewer('@pando.internal', config)).toBe(false);
    expect(isDemoAnalyticsViewer(null, config)).toBe(false);
    expect(isDemoAnalyticsViewer('a@pando.internal', {})).toBe(false);
  });
});
