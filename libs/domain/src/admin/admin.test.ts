import { describe, expect, it } from 'vitest';
import {
  loginCodeRefusal,
  adminChangeRefusal,
  adminListTransition,
  adminReach,
  adminSearchText,
  adminUsersSort,
  parseAdminSort,
  withinAdminReach,
  availabilityLabel,
  blockPatches,
  emptyAdminList,
  generateCodeSelection,
  generateCodeTransition,
  inviteeName,
  invitationEmail,
  defaultOrganisationRefusal,
  networkDeleteRefusal,
  inviteNotification,
  inviteRowStatus,
  parseInviteCsv,
  requireSelection,
  shouldStopImport,
  transferPatches,
} from './rules';
import {
  AdminListQuerySchema,
  adminPageOf,
  AdminTeamInputSchema,
  AdminUserPatchSchema,
  AdminUserSchema,
  AdviceChannelSchema,
  DataExportRequestSchema,
  InviteCreateSchema,
  InviteSchema,
  PagerMimIdSchema,
  PagerSchema,
} from './schemas';
import { DATA_EXPORT_FLAGS } from './constants';

describe('selection rules (spec 02 §2, §5)', () => {
  it('"Please select a row" when nothing is selected', () => {
    expect(requireSelection([])).toBe('Please select a row');
    expect(requireSelection([1])).toBeNull();
  });

  it('an auth code is generated for exactly one selected user', () => {
    expect(generateCodeSelection([])).toEqual({
      ok: false,
      error: 'Please select an invite in order to get the auth code for that user',
    });
    expect(generateCodeSelection([1, 2])).toEqual({
      ok: false,
      error: 'You can only generate a code for one user at a time',
    });
    expect(generateCodeSelection([7])).toEqual({ ok: true, target: 7 });
  });
});

describe('generate-code dialog (spec 02 §4)', () => {
  it('shows the code as XXX-XXX', () => {
    const loading = generateCodeTransition({ state: 'closed' }, { type: 'OPEN' });
    expect(
      generateCodeTransition(loading, { type: 'RECEIVED', authorization_code: 'abc123' }),
    ).toEqual({
      state: 'code',
      code: 'ABC-123',
    });
  });

  it('a 409 puts the dialog into a "start login first" state; any other error "Unable to get a code"', () => {
    const loading = { state: 'loading' } as const;
    expect(generateCodeTransition(loading, { type: 'FAILED', statusCode: 409 }).state).toBe(
      'startLoginFirst',
    );
    expect(generateCodeTransition(loading, { type: 'FAILED', statusCode: 500 })).toEqual({
      state: 'error',
      message: 'Unable to get a code',
    });
  });

  it('ignores late answers after closing', () => {
    const closed = { state: 'closed' } as const;
    expect(generateCodeTransition(closed, { type: 'RECEIVED', authorization_code: 'x' })).toBe(
      closed,
    );
    expect(generateCodeTransition(closed, { type: 'FAILED', statusCode: 409 })).toBe(closed);
    expect(generateCodeTransition({ state: 'code', code: 'A' }, { type: 'CLOSE' })).toEqual(closed);
  });
});

describe('invitation CSV import (spec 02 §4, §5)', () => {
  const csv = [
    'Email,Name',
    'name@example.com,Template row',
    ' Alice@Example.org ,Alice',
    'not-an-email,Bob',
    '',
    'carol@riverside.example,"Carol, RN"',
    'alice@example.org,dup',
  ].join('\r\n');

  it('takes emails from the first column, skips the header and the placeholder; invalid emails are not pre-selected', () => {
    expect(parseInviteCsv(csv)).toEqual([
      { email: 'alice@example.org', valid: true, selected: true, status: 'Not Sent' },
      {
        email: 'not-an-email',
        valid: false,
        selected: false,
        status: 'Does not look like a valid email',
      },
      { email: 'carol@riverside.example', valid: true, selected: true, status: 'Not Sent' },
    ]);
  });

  it('handles a byte-order mark, a lone header and an empty file', () => {
    expect(parseInviteCsv('\uFEFFemail\nx@y.org')).toHaveLength(1);
    expect(parseInviteCsv('email')).toEqual([]);
    expect(parseInviteCsv('')).toEqual([]);
  });

  it('after sending: "Sent successfully", "Already invited" or "Error, unable to send the invitation"', () => {
    expect(inviteRowStatus({ kind: 'sent' })).toBe('Sent successfully');
    expect(inviteRowStatus({ kind: 'failed', statusCode: 409 })).toBe('Already invited');
    expect(
      inviteRowStatus({ kind: 'failed', statusCode: 409, internalCode: 'FEATURE_NOT_ENABLED' }),
    ).toBe('Error, unable to send the invitation');
    expect(inviteRowStatus({ kind: 'failed', statusCode: 500 })).toBe(
      'Error, unable to send the invitation',
    );
  });

  it('bulk import stops at FEATURE_NOT_ENABLED, with its own notification', () => {
    const featureOff = {
      kind: 'failed',
      statusCode: 403,
      internalCode: 'FEATURE_NOT_ENABLED',
    } as const;
    expect(shouldStopImport(featureOff)).toBe(true);
    expect(shouldStopImport({ kind: 'failed', statusCode: 500 })).toBe(false);
    expect(shouldStopImport({ kind: 'sent' })).toBe(false);
    expect(inviteNotification('a@b.org', featureOff)).toBe(
      'An invitation was not sent to a@b.org, because the feature is not enabled for this network',
    );
    expect(inviteNotification('a@b.org', { kind: 'failed', statusCode: 500 })).toBe(
      'An invitation was not sent to a@b.org',
    );
    expect(inviteNotification('a@b.org', { kind: 'sent' })).toBe(
      'An invitation has been sent to a@b.org',
    );
  });
});

describe('block / transfer (spec 02 §4)', () => {
  it("a blocked user is moved to the organisation 'General'; nothing happens with no rows", () => {
    expect(blockPatches([], 'general')).toEqual([]);
    expect(blockPatches([3], 'general')).toEqual([
      { id: 3, patch: { blocked: true, hospital_uuid: 'general' } },
    ]);
    expect(transferPatches([3, 4], 'h2').map((p) => p.patch)).toEqual([
      { hospital_uuid: 'h2' },
      { hospital_uuid: 'h2' },
    ]);
    expect(transferPatches([], 'h2')).toEqual([]);
  });

  it('PATCH /admin/users/{id} takes only hospital_uuid and blocked', () => {
    expect(AdminUserPatchSchema.parse({ blocked: true })).toEqual({ blocked: true });
    expect(AdminUserPatchSchema.safeParse({ access_level: 'PANDO_ADMIN' }).success).toBe(false);
    expect(AdminUserPatchSchema.safeParse({}).error?.issues[0]?.message).toBe('Nothing to change');
    expect(AdminUserPatchSchema.safeParse({ hospital_uuid: 'a b' }).error?.issues[0]?.path).toEqual(
      ['hospital_uuid'],
    );
  });
});

describe('admin lists', () => {
  it('sorting by name maps to last_name, also the default', () => {
    expect(adminUsersSort(null)).toBe('last_name');
    expect(adminUsersSort('name', true)).toBe('-last_name');
    expect(adminUsersSort('email')).toBe('email');
  });

  it('start sets loading, success clears error, failure stores the error text', () => {
    let s = emptyAdminList<{ id: number; n: string }>();
    s = adminListTransition(s, { type: 'START' });
    expect(s.loading).toBe(true);
    s = adminListTransition(s, { type: 'FAILURE', error: 'boom' });
    expect(s).toMatchObject({ loading: false, error: 'boom' });
    s = adminListTransition(s, {
      type: 'SUCCESS',
      items: [
        { id: 1, n: 'a' },
        { id: 2, n: 'b' },
      ],
      total: 3,
      append: false,
    });
    expect(s).toMatchObject({ order: [1, 2], total: 3, loading: false, error: null });
    s = adminListTransition(s, {
      type: 'SUCCESS',
      items: [
        { id: 2, n: 'b2' },
        { id: 3, n: 'c' },
      ],
      total: 3,
      append: true,
    });
    expect(s.order).toEqual([1, 2, 3]);
    expect(s.items[2]?.n).toBe('b2');
  });

  it('availability labels', () => {
    expect(availabilityLabel('AVAILABLE')).toBe('Available');
    expect(availabilityLabel('UNAVAILABLE')).toBe('Unavailable');
    expect(availabilityLabel(undefined)).toBe('Unknown');
  });

  it('paged list query: pages from 0, page-size default 10, sort a comma list', () => {
    expect(AdminListQuerySchema.parse({})).toEqual({ page: 0, q: '', 'page-size': 10 });
    expect(
      AdminListQuerySchema.parse({ sort: '-sent_at,email', 'page-size': '10000' })['page-size'],
    ).toBe(10000);
    expect(AdminListQuerySchema.safeParse({ sort: 'name;drop' }).error?.issues[0]?.path).toEqual([
      'sort',
    ]);
    expect(AdminListQuerySchema.safeParse({ page: '-1' }).error?.issues[0]?.path).toEqual(['page']);
    const page = adminPageOf(InviteSchema).parse({
      results: [
        { id: 1, email: 'a@b.c', approved_by_name: 'Net Admin', sent_at: '2026-01-01T00:00:00Z' },
      ],
      page: 0,
      pageSize: 10,
      totalResults: 1,
    });
    expect(page.results[0]?.approved_by_name).toBe('Net Admin');
  });
});

describe('admin wire schemas (spec 02 §3)', () => {
  it('user (full), advice channel, pager, data export request', () => {
    const u = AdminUserSchema.parse({
      id: 1,
      uuid: 'u1',
      created_at: '2026-01-01T00:00:00Z',
      email: 'a@b.c',
      first_name: 'A',
      last_name: 'B',
      access_level: 'USER',
    });
    expect(u).toMatchObject({ blocked: false, status: 'UNKNOWN', premium_features: {} });
    expect(
      AdviceChannelSchema.parse({
        id: 1,
        name: 'Cardiology Advice',
        member_count: 3,
        created_at: '2026-01-01T00:00:00Z',
      }).resolved_issues,
    ).toBe(0);
    expect(
      PagerSchema.parse({
        id: 1,
        created_at: '2026-01-01T00:00:00Z',
        mim_id: '123-456-789',
        name: 'Bleep 1',
      }).name,
    ).toBe('Bleep 1');
    expect(PagerMimIdSchema.safeParse('123-456-789').success).toBe(true);
    expect(PagerMimIdSchema.safeParse('12-ab').success).toBe(false);
    const req = DataExportRequestSchema.parse({
      first_name: 'A',
      last_name: 'B',
      email: 'a@b.co',
      users: true,
    });
    expect(DATA_EXPORT_FLAGS.map((f) => req[f.key])).toEqual([
      true,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(
      DataExportRequestSchema.safeParse({ first_name: '', last_name: 'B', email: 'a@b.co' }).error
        ?.issues[0]?.path,
    ).toEqual(['first_name']);
  });

  it('teams and channels need at least one member; invites need an email', () => {
    expect(
      AdminTeamInputSchema.safeParse({ name: 'X', members: [] }).error?.issues[0],
    ).toMatchObject({
      path: ['members'],
      message: 'You need to add at least one member to create an advice channel',
    });
    expect(InviteCreateSchema.parse({ email: ' New@Example.org ' }).email).toBe('new@example.org');
    expect(InviteCreateSchema.safeParse({ email: 'x' }).error?.issues[0]?.path).toEqual(['email']);
  });
});

describe('admin reach (issue 20)', () => {
  const actor = (
    access_level: string,
    hospital_id: number | null = 1,
    network_id: number | null = 10,
  ) => ({
    access_level,
    hospital_id,
    network_id,
  });

  it('gives an organisation admin their organisation, a network admin their network, a product admin all, USER levels nothing', () => {
    expect(adminReach(actor('ORGANISATION_ADMIN'))).toEqual({
      kind: 'organisation',
      hospitalId: 1,
    });
    expect(adminReach(actor('NETWORK_ADMIN'))).toEqual({ kind: 'network', networkId: 10 });
    expect(adminReach(actor('NEURO'))).toEqual({ kind: 'network', networkId: 10 });
    expect(adminReach(actor('PANDO_ADMIN', null, null))).toEqual({ kind: 'all' });
    expect(adminReach(actor('USER'))).toBeNull();
    expect(adminReach(actor('USER_VERIFIED'))).toBeNull();
    // A network admin of an organisation without a network manages that organisation.
    expect(adminReach(actor('NETWORK_ADMIN', 4, null))).toEqual({
      kind: 'organisation',
      hospitalId: 4,
    });
    expect(adminReach(actor('ORGANISATION_ADMIN', null, null))).toBeNull();
  });

  it('places a row inside or outside a reach', () => {
    const inNetwork = { hospital_id: 2, network_id: 10 };
    expect(withinAdminReach({ kind: 'network', networkId: 10 }, inNetwork)).toBe(true);
    expect(withinAdminReach({ kind: 'network', networkId: 11 }, inNetwork)).toBe(false);
    expect(withinAdminReach({ kind: 'organisation', hospitalId: 1 }, inNetwork)).toBe(false);
    expect(withinAdminReach({ kind: 'organisation', hospitalId: 2 }, inNetwork)).toBe(true);
    expect(withinAdminReach({ kind: 'all' }, { hospital_id: null, network_id: null })).toBe(true);
  });

  it('refuses changing yourself or someone above you', () => {
    expect(
      adminChangeRefusal({ id: 1, access_level: 'NETWORK_ADMIN' }, { id: 1, access_level: 'USER' }),
    ).toMatch(/yourself/);
    expect(
      adminChangeRefusal(
        { id: 1, access_level: 'ORGANISATION_ADMIN' },
        { id: 2, access_level: 'NETWORK_ADMIN' },
      ),
    ).toMatch(/higher/);
    expect(
      adminChangeRefusal(
        { id: 1, access_level: 'ORGANISATION_ADMIN' },
        { id: 2, access_level: 'ORGANISATION_ADMIN' },
      ),
    ).toBeNull();
  });

  it('refuses a login code for yourself, a peer or anyone above you (issue 36)', () => {
    const network = { id: 1, access_level: 'NETWORK_ADMIN' };
    expect(loginCodeRefusal(network, { id: 1, access_level: 'NETWORK_ADMIN' })).toMatch(/yourself/);
    expect(loginCodeRefusal(network, { id: 2, access_level: 'PANDO_ADMIN' })).toMatch(/as high/);
    expect(loginCodeRefusal(network, { id: 2, access_level: 'NETWORK_ADMIN' })).toMatch(/as high/);
    expect(loginCodeRefusal(network, { id: 2, access_level: 'ORGANISATION_ADMIN' })).toBeNull();
    expect(loginCodeRefusal(network, { id: 2, access_level: 'USER_VERIFIED' })).toBeNull();
  });

  it('parses a sort list: name is last_name, unknown fields dropped, fallback otherwise', () => {
    const allowed = ['last_name', 'email', 'sent_at'];
    expect(parseAdminSort('-name,email', allowed, 'last_name')).toEqual([
      ['last_name', true],
      ['email', false],
    ]);
    expect(parseAdminSort('password,-email,email', allowed, 'last_name')).toEqual([
      ['email', true],
    ]);
    expect(parseAdminSort(undefined, allowed, '-sent_at')).toEqual([['sent_at', true]]);
    expect(adminSearchText({ searchQuery: ' Ann ' })).toBe('Ann');
    expect(adminSearchText({ q: 'x', searchQuery: 'y' })).toBe('x');
  });
});

describe('invitee name (first login of an invitation)', () => {
  it('comes from the local part of the email, capitalised at dots, dashes and underscores', () => {
    expect(inviteeName('mary-jane.o_neill@example.org')).toEqual({
      first: 'Mary',
      last: 'Jane O Neill',
    });
    expect(inviteeName('locum@example.org')).toEqual({ first: 'Locum', last: '' });
  });
});

describe('invitationEmail (the server sends it)', () => {
  it('names the inviter, the organisation, where to go and the address to log in with', () => {
    const mail = invitationEmail({
      inviter: { first_name: 'Ada', last_name: 'Admin', email: 'ada@example.org' },
      productName: 'Pando',
      organisation: 'St Elsewhere General',
      email: 'new.nurse@example.org',
      publicUrl: 'https://pando.example.org',
    });
    expect(mail.subject).toBe('You are invited to Pando');
    expect(mail.text).toBe(
      'Ada Admin invited you to Pando, the team messaging of St Elsewhere General.\n\n' +
        'Open Pando at https://pando.example.org and log in with this email address ' +
        '(new.nurse@example.org); we will email you a login code.',
    );
  });

  it('an inviter without a name is named by their email; no public address, no "at"', () => {
    const mail = invitationEmail({
      inviter: { first_name: '', last_name: '', email: 'ada@example.org' },
      productName: 'Pando',
      organisation: 'Northgate Clinic',
      email: 'x@example.org',
    });
    expect(mail.text).toMatch(/^ada@example.org invited you to Pando/);
    expect(mail.text).toContain('Open Pando and log in');
  });
});

describe('network refusals (the server gives them)', () => {
  it('a default organisation: none on a new network, one of its own on an update', () => {
    expect(
      defaultOrganisationRefusal({
        creating: true,
        defaultOrganisationId: null,
        isOwnOrganisation: false,
      }),
    ).toBeNull();
    expect(
      defaultOrganisationRefusal({
        creating: true,
        defaultOrganisationId: 3,
        isOwnOrganisation: false,
      })?.details,
    ).toEqual([
      { path: 'default_organisation_id', message: 'a new network has no organisations yet' },
    ]);
    expect(
      defaultOrganisationRefusal({
        creating: false,
        defaultOrganisationId: 3,
        isOwnOrganisation: true,
      }),
    ).toBeNull();
    expect(
      defaultOrganisationRefusal({
        creating: false,
        defaultOrganisationId: 3,
        isOwnOrganisation: false,
      }),
    ).toMatchObject({ statusCode: 400, message: 'Invalid request: default_organisation_id' });
  });

  it('a network with organisations is not deleted (409)', () => {
    expect(networkDeleteRefusal(0)).toBeNull();
    expect(networkDeleteRefusal(2)).toEqual({
      statusCode: 409,
      message: 'This network still has organisations.',
    });
  });
});
