/**
 * One example payload per call of spec 01 §7 and spec 02 §7, in the shapes the server sends
 * (demo organisation data), parsed through the public entry point.
 */
import { describe, expect, it } from 'vitest';
import * as d from '../index';

const at = '2026-01-10T09:00:00.000Z';
const hospital = { id: 1, uuid: 'h-st-elsewhere', name: 'St Elsewhere General', network_id: 1 };
const alice = {
  id: 4,
  uuid: '7f9c2b1e-0d3a-4c55-9a61-2f0b8e4d1c11',
  first_name: 'Alice',
  last_name: 'Adams',
  status: 'AVAILABLE',
  email: 'alice@example.org',
  access_level: 'USER_VERIFIED',
  hospital_id: 1,
  hospital_uuid: 'h-st-elsewhere',
  network_uuid: 'n-demo',
  hospital,
  features: { form_templates: true },
  premium_features: { patient_cards: true, pagers: true, advice_channels: true },
  role: { role: 'consultant', description: 'Consultant' },
  speciality: 'Cardiology',
  gdpr_accepted: true,
};
const ward7 = { id: 10, name: 'Ward 7 Team', mim_id: 'a1b2c3d4e5f6a1b2c3d4e5f6', user_ids: [4, 5] };
const forum = {
  ...ward7,
  id: 11,
  name: 'Junior Doctors Forum',
  mim_id: 'f0',
  discoverable: true,
  auto_accept: true,
};
const advice = {
  id: 7,
  mim_id: 'advice-7',
  team: {
    id: 12,
    name: 'Cardiology Advice',
    public_data: { enabled: true, tips: ['Call first'], resolved_issues: [] },
  },
  requestor: { id: 4, first_name: 'Alice', last_name: 'Adams' },
  requestor_id: 4,
  requestor_resolved: false,
  public_team_resolved: false,
  resolver: null,
  modified_at: at,
};
const card = {
  id: 3,
  title: 'Bed 4',
  subtitle: 'Chest pain',
  patient_id: 8,
  patient: {
    id: 8,
    first_name: 'Ada',
    last_name: 'Lovelace',
    dob: '1950-02-03',
    gender: 'FEMALE',
    bed: '4',
    ward_id: 2,
    ward: { id: 2, name: 'Ward 7' },
  },
  users: [{ id: 4, first_name: 'Alice', last_name: 'Adams' }],
  teams: [{ id: 10, name: 'Ward 7 Team' }],
  tasks: [{ id: 1, title: 'Bloods', completed: false, order: 0, patient_card_id: 3 }],
  created_at: at,
  modified_at: at,
};

describe('spec 01 §7 payloads', () => {
  it('auth', () => {
    expect(d.AuthRequestSchema.parse({ email: 'alice@example.org', fcm_token: 'tok' }).email).toBe(
      'alice@example.org',
    );
    expect(
      d.AuthValidateRequestSchema.parse({ authorization_code: 'ABC-123' }).authorization_code,
    ).toBe('abc123');
    expect(d.AuthValidateResponseSchema.parse({ access_token: 'jwt' }).access_token).toBe('jwt');
    expect(d.LoginTokenResponseSchema.parse({ token: 'chat-pass' }).token).toBe('chat-pass');
    expect(
      d.CurrentUserSchema.parse({ ...alice, network_features: { user_invite_by_email: true } })
        .hospital?.name,
    ).toBe('St Elsewhere General');
  });

  it('users', () => {
    expect(d.UserSchema.parse(alice).role?.description).toBe('Consultant');
    expect(d.resultsOf(d.TeamSchema).parse({ results: [ward7] }).results).toHaveLength(1);
    expect(
      d.UsersStatusesResponseSchema.parse({ results: [{ id: alice.uuid, status: 'UNAVAILABLE' }] })
        .results[0]?.status,
    ).toBe('UNAVAILABLE');
    expect(d.SetOwnStatusBodySchema.parse({ status: 'UNAVAILABLE' }).status).toBe('UNAVAILABLE');
  });

  it('teams and chat rooms', () => {
    const all = d.TeamsWithAdviceConversationsSchema.parse({
      teams: [ward7],
      forums: [forum],
      advice_conversations: [advice],
    });
    expect(d.isForum(all.forums[0]!)).toBe(true);
    expect(d.ChatRoomSchema.parse({ type: 'TEAM', entity: ward7 }).type).toBe('TEAM');
    expect(
      d.TeamInputSchema.parse({
        name: 'Night shift',
        discoverable: false,
        user_ids: [4, 5],
        public_data: {},
      }).name,
    ).toBe('Night shift');
    expect(d.TeamUpdateSchema.parse({ name: 'Ward 7', user_ids: [4] }).name).toBe('Ward 7');
    expect(
      d.resultsOf(d.TeamMemberSchema).parse({ results: [alice] }).results[0]?.hospital?.name,
    ).toBe('St Elsewhere General');
    expect(d.UserIdsBodySchema.parse({ user_ids: [5] }).user_ids).toEqual([5]);
  });

  it('advice conversations', () => {
    expect(d.AdviceConversationSchema.parse(advice).team?.public_data?.enabled).toBe(true);
    expect(
      d.AdviceHistoryResponseSchema.parse({
        results: [{ ...advice, requestor_resolved: true, public_team_resolved: true }],
        total_count: 1,
      }).total_count,
    ).toBe(1);
    expect(
      d.CreateAdviceConversationSchema.parse({ message: 'Can you review an ECG?' }).message,
    ).toMatch(/ECG/);
    expect(d.CreatedAdviceConversationSchema.parse({ id: 8, mim_id: 'advice-8' }).mim_id).toBe(
      'advice-8',
    );
  });

  it('search', () => {
    const body = d.SearchResponseSchema.parse({
      results: [
        { USER: { data: alice } },
        { TEAM: { data: { ...advice.team, mim_id: 'c1', discoverable: true } } },
      ],
      meta: { total: 2, searchResultCount: 2 },
      links: { self: '/api/v4/filters?page%5Bnumber%5D=1', next: null },
    });
    expect(body.results.map(d.searchResultRoute)).toEqual([
      `/users/${String(alice.id)}`,
      '/ask-advice/12',
    ]);
  });

  it('patient cards, tasks, patients, wards', () => {
    const parsed = d.resultsOf(d.PatientCardSchema).parse({ results: [card] });
    expect(parsed.results[0]?.editable).toBe(true);
    expect(d.PatientCardCreateSchema.parse({ title: 'Bed 5', subtitle: '' }).title).toBe('Bed 5');
    expect(
      d.PatientCardUpdateSchema.parse({
        title: 'Bed 4',
        tasks: d.tasksForSave(parsed.results[0]!.tasks, 3),
      }).tasks,
    ).toHaveLength(1);
    expect(d.ReassignBodySchema.parse({ users: [4], teams: [10] }).teams).toEqual([10]);
    expect(d.resultsOf(d.TaskSchema).parse({ results: card.tasks }).results[0]?.title).toBe(
      'Bloods',
    );
    expect(d.PatientSchema.parse(card.patient).gender).toBe('FEMALE');
    expect(d.PatientUpdateSchema.parse({ patient: { bed: '5', ward_id: 2 } }).patient.bed).toBe(
      '5',
    );
    expect(d.HospitalSchema.parse(hospital).uuid).toBe('h-st-elsewhere');
    expect(
      d.WardsResponseSchema.parse({
        results: [{ id: 2, name: 'Ward 7', hospital: { id: 1, name: 'St Elsewhere General' } }],
      }).results,
    ).toHaveLength(1);
  });

  it('images, files and shares', () => {
    expect(
      d.ImageListResponseSchema.parse({
        results: [
          {
            meta: { id: 1, filename: 'xray.jpg', patient_id: 8, is_thumbnail: true },
            data: 'aGVsbG8=',
          },
        ],
        total_count: 1,
      }).total_count,
    ).toBe(1);
    expect(d.CreatedIdSchema.parse({ id: 21 }).id).toBe(21);
    expect(d.FileUploadFieldsSchema.parse({ user_ids: '5', team_ids: '10,11' }).team_ids).toEqual([
      10, 11,
    ]);
    expect(d.ShareBodySchema.parse({ access_type: 'READ' }).access_type).toBe('READ');
  });

  it('chat messages of every subject', () => {
    const base = {
      from: 'a1b2@muclight.pando.test/alice@pando.test',
      to: 'bob@pando.test',
      type: 'groupchat' as const,
      displayNames: { sender: 'Alice Adams', recipient: 'Ward 7 Team' },
      sent: { timestamp: Date.parse(at) },
    };
    const contents: d.OutgoingContent[] = [
      { kind: 'text', text: 'Morning all' },
      { kind: 'image', imageId: '21' },
      { kind: 'imagePlaceholder', placeholderId: 'c-9' },
      {
        kind: 'file',
        file: { id: '22', filename: 'discharge.pdf', size: 120_000, type: 'application/pdf' },
      },
      {
        kind: 'patientCard',
        card: {
          card_id: 3,
          card_title: 'Bed 4',
          patient_dob: '1950-02-03',
          patient_gender: 'FEMALE',
          patient_identificator: 'NHS 123',
        },
      },
      { kind: 'reply', text: 'On it', quoted: { senderName: 'Bob Brown', text: 'Who is free?' } },
      { kind: 'adviceResolution', action: 'RESOLVE' },
    ];
    const messages = contents.map((c, i) =>
      d.ChatMessageSchema.parse({ ...base, id: `m${i}`, ...d.encodeMessageBody(c) }),
    );
    const timeline = d.buildTimeline(messages);
    expect(d.timelineWarnings(timeline)).toEqual([]);
    expect(
      timeline
        .filter((item): item is d.MessageGroup => item.type === 'group')
        .flatMap((g) => g.messages.map((m) => m.decoded.content.kind)),
    ).toEqual(contents.map((c) => c.kind));
  });
});

describe('spec 02 §7 payloads', () => {
  it('admin networks, organisations, users, invites', () => {
    expect(
      d.adminPageOf(d.NetworkSchema).parse({
        results: [
          {
            id: 1,
            name: 'Demo Health Network',
            status: 'ACTIVATED',
            created_at: at,
            modified_at: at,
            default_organisation: { id: 1, name: 'St Elsewhere General' },
            features: { user_invite_by_email: true },
          },
        ],
        page: 0,
        pageSize: 10,
        totalResults: 15,
      }).totalResults,
    ).toBe(15);
    expect(
      d.adminPageOf(d.OrganisationSchema).parse({
        results: [
          {
            id: 2,
            name: 'Riverside Hospital',
            status: 'ACTIVATED',
            created_at: at,
            modified_at: at,
          },
        ],
        page: 0,
        pageSize: 10000,
        totalResults: 1,
      }).results,
    ).toHaveLength(1);
    expect(d.CountResponseSchema.parse({ count: 7 }).count).toBe(7);
    expect(
      d.adminPageOf(d.AdminUserRowSchema).parse({
        results: [{ ...alice, joined_at: at, phone: null }],
        page: 0,
        pageSize: 10,
        totalResults: 1,
      }).results[0]?.role?.description,
    ).toBe('Consultant');
    expect(
      d.AdminUserSchema.parse({ ...alice, created_at: at, network_name: 'Demo Health Network' })
        .network_name,
    ).toBe('Demo Health Network');
    expect(
      d.AdminUserPatchSchema.parse({ hospital_uuid: 'h-general', blocked: true }).blocked,
    ).toBe(true);
    expect(
      d.AuthCodeResponseSchema.parse({ authorization_code: 'q7k2m9' }).authorization_code,
    ).toBe('q7k2m9');
    expect(
      d.InviteCreateSchema.parse({
        email: 'new.doctor@example.org',
        organisation: 'h-st-elsewhere',
      }).email,
    ).toBe('new.doctor@example.org');
    expect(
      d.adminPageOf(d.InviteSchema).parse({
        results: [
          { id: 1, email: 'x@example.org', approved_by_name: 'Network Admin', sent_at: at },
        ],
        page: 0,
        pageSize: 10,
        totalResults: 1,
      }).results,
    ).toHaveLength(1);
  });

  it('advice channels, teams, pagers, export request', () => {
    expect(
      d.AdviceChannelSchema.parse({
        id: 12,
        name: 'Cardiology Advice',
        description: 'Cardiology on call',
        member_count: 3,
        resolved_issues: 2,
        created_at: at,
        members: [{ id: 5, first_name: 'Bob', last_name: 'Brown' }],
      }).members,
    ).toHaveLength(1);
    expect(
      d.AdminTeamInputSchema.parse({ name: 'Cardiology Advice', members: [5] }).members,
    ).toEqual([5]);
    expect(
      d.AdminTeamSchema.parse({ id: 10, name: 'Ward 7 Team', members: [4, 5] }).members,
    ).toEqual([4, 5]);
    expect(
      d.PagerSchema.parse({
        id: 1,
        created_at: at,
        mim_id: '123-456-789',
        name: 'Cardiology bleep',
        assigned_to: 'Bob Brown',
        assigned_at: at,
      }).assigned_to,
    ).toBe('Bob Brown');
    expect(
      d.DataExportRequestSchema.parse({
        first_name: 'Org',
        last_name: 'Admin',
        email: 'org.admin@example.org',
        users: true,
        messaging_data: true,
      }).messaging_data,
    ).toBe(true);
  });

  it('structured forms', () => {
    const template = d.defaultNewTemplate({ author: 'Alice Adams', created_by_id: 4 });
    expect(
      d.FormTemplatesResponseSchema.parse({ results: [{ ...template, id: 5 }] }).results[0]?.id,
    ).toBe(5);
    expect(
      d.TemplateLookupQuerySchema.parse({ name: 'New template', version: '1.0' }).version,
    ).toBe('1.0');
    expect(
      d.TemplateSaveResponseSchema.parse({
        status: 'ok',
        version: '1.1',
        template_id: 5,
        error: null,
      }).status,
    ).toBe('ok');
    expect(
      d.FormSubmissionResponseSchema.parse({
        status: 'confirm',
        error: null,
        patient_data: { first_name: 'Ada', dob: null },
      }).patient_data?.first_name,
    ).toBe('Ada');
    expect(
      d.StructuredFileUploadResponseSchema.parse({ file: { file_guid: '0f9e8d7c' } }).file
        .file_guid,
    ).toBe('0f9e8d7c');
    expect(d.StructuredEmailBodySchema.parse({ address: 'alice@example.org' }).address).toBe(
      'alice@example.org',
    );
    expect(d.StructuredEmailResponseSchema.parse({ message: 'queued' }).message).toBe('queued');
    expect(d.PatientLookupResponseSchema.parse({ first_name: 'Ada', bed: 4 }).bed).toBe(4);
  });

  it('analytics', () => {
    expect(d.AnalyticsCountSchema.parse({ count: 120 }).count).toBe(120);
    expect(
      d.DailySeriesSchema.parse({ results: [{ date: '2026-01-09', count: 40 }] }).results,
    ).toHaveLength(1);
    expect(
      d.HourlySeriesSchema.parse({ results: [{ hour: 9, count: 12.5 }] }).results[0]?.count,
    ).toBe(12.5);
    expect(
      d.RoleCountsSchema.parse({ results: [{ role: 'Consultant', count: 3 }] }).results[0]?.role,
    ).toBe('Consultant');
    expect(
      d.AnalyticsParamsSchema.parse({
        scope: 'network',
        id: '1',
        from: '2025-12-11',
        to: '2026-01-09',
      }).scope,
    ).toBe('network');
  });

  it('runtime config and errors', () => {
    expect(
      d.RuntimeConfigSchema.parse({
        api_base: '/api/v4',
        chat_websocket_url: 'wss://pando.example/xmpp',
        chat_domain: 'pando.example',
        product_name: 'Pando',
        demo: false,
        redirect_disabled: false,
        analytics_scope: { kind: 'network', id: '1' },
      }).analytics_scope?.kind,
    ).toBe('network');
    expect(
      d.ApiErrorSchema.parse({
        message: 'Invalid request: email',
        statusCode: 400,
        details: [{ path: 'email', message: 'Invalid email address' }],
      }).details,
    ).toHaveLength(1);
    expect(
      d.ApiErrorSchema.parse({
        message: 'Feature not enabled',
        statusCode: 409,
        internalCode: 'FEATURE_NOT_ENABLED',
      }).internalCode,
    ).toBe('FEATURE_NOT_ENABLED');
  });
});
