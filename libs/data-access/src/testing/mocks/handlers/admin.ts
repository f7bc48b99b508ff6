import { HttpResponse, type JsonBodyType } from 'msw';
import {
  adminChangeRefusal,
  adminEndpoints,
  adminSearchText,
  adminTeamEndpoints,
  defaultOrganisationRefusal,
  displayName,
  FEATURE_NOT_ENABLED,
  invitationEmail,
  LOGIN_CODE_MINUTES,
  loginCodeRefusal,
  networkDeleteRefusal,
  parseAdminSort,
  TEXTS,
  textsWith,
  withinAdminReach,
  type AdminListQuery,
  type AdminReach,
} from '@pando/domain';
import type { MockBackend, MockHospital, MockTeam, MockUser } from '../backend';
import { adminStore, teamMeta, type MockInvite } from '../adminStore';
import { isAdviceTeam, narrowed } from './adminAccess';
import { declaredHandlers } from './endpoint';
import { versionOf } from './recordVersion';
import type { MockLoaded } from './scopes';
import { apiError, apiErrorOf, badField, fail, notFound } from './util';
import { refuseStale, touch } from './versions';

/*
 * The admin console's API (spec 02 §7) on the mock backend, with the server's rules
 * (apps/server/src/admin): the reach is the domain's `adminReach` / `withinAdminReach`, a
 * change of yourself or someone above you is refused by `adminChangeRefusal`, sorts are read by
 * `parseAdminSort`, queries and bodies by the same zod schemas (a 400 names the field).
 */

/** When the seed made the organisations: their rows' `created_at` and first version. */
const ORGANISATIONS_CREATED = '2026-01-05T09:00:00.000Z';

/** An organisation row as `GET /admin/organisations` lists it (domain `OrganisationSchema`). */
const wireOrganisation = (h: MockHospital) => ({
  id: h.id,
  uuid: h.uuid,
  name: h.name,
  status: 'ACTIVATED' as const,
  created_at: ORGANISATIONS_CREATED,
  modified_at: h.modified_at ?? ORGANISATIONS_CREATED,
  network_id: h.network_id,
  offline_patient_data: h.offline_patient_data,
});

type Columns<T> = Record<string, (row: T) => string | number | null | undefined>;

/** Sorts rows by the domain's parsed sort list (`nulls last`, then id), as the server's SQL. */
function sortRows<T extends { id: number }>(
  rows: T[],
  sort: string | undefined,
  columns: Columns<T>,
  fallback: string,
): T[] {
  const order = parseAdminSort(sort, Object.keys(columns), fallback);
  return [...rows].sort((a, b) => {
    for (const [field, desc] of order) {
      const get = columns[field];
      if (!get) continue;
      const x = get(a);
      const y = get(b);
      if (x === y) continue;
      if (x === null || x === undefined) return 1;
      if (y === null || y === undefined) return -1;
      const cmp = x < y ? -1 : 1;
      return desc ? -cmp : cmp;
    }
    return a.id - b.id;
  });
}

const lower = (s: string | null | undefined) => s?.toLowerCase() ?? null;
const contains = (text: string, q: string) => text.toLowerCase().includes(q.toLowerCase());
const json = (body: JsonBodyType, status = 200) => HttpResponse.json(body, { status });
const deleted = () => new HttpResponse(null, { status: 204 });

/**
 * One page of a paged list (pages from 0), as the server answers it: the rows whose `search`
 * text holds the query's `q` (or `searchQuery`), sorted by `sort` (else `by`), each `wire`d.
 */
function listed<T extends { id: number }>(
  rows: T[],
  q: AdminListQuery & { searchQuery?: string | undefined },
  list: {
    search: (row: T) => string;
    sort: Columns<T>;
    by: string;
    wire?: (row: T) => JsonBodyType;
  },
) {
  const text = adminSearchText(q);
  const found = text ? rows.filter((row) => contains(list.search(row), text)) : rows;
  const sorted = sortRows(found, q.sort, list.sort, list.by);
  const size = q['page-size'];
  const results = sorted.slice(q.page * size, q.page * size + size);
  return json({
    results: list.wire ? results.map(list.wire) : results,
    page: q.page,
    pageSize: size,
    totalResults: sorted.length,
  });
}

/** A user's join date: the mock keeps none, so one is derived from the id (stable, ordered). */
const joinedAt = (user: MockUser) =>
  new Date(Date.UTC(2025, 0, 1) + user.id * 86_400_000).toISOString();

function userRow(backend: MockBackend, user: MockUser) {
  const hospital = backend.hospital(user.hospital_id);
  const network = backend.networkOf(user);
  return {
    id: user.id,
    uuid: user.uuid,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    role: user.role,
    speciality: user.speciality,
    joined_at: joinedAt(user),
    phone: null,
    status: user.status,
    hospital: hospital ? { name: hospital.name } : null,
    network_uuid: network?.uuid ?? null,
    hospital_uuid: hospital?.uuid ?? null,
    blocked: user.blocked,
  };
}

function adminUser(backend: MockBackend, user: MockUser) {
  const hospital = backend.hospital(user.hospital_id);
  const network = backend.networkOf(user);
  return {
    ...userRow(backend, user),
    created_at: joinedAt(user),
    gdpr_accepted: user.gdpr_accepted,
    starred: false,
    keep_me_updated: false,
    network_id: network?.id ?? null,
    network_name: network?.name ?? null,
    hospital_id: user.hospital_id,
    access_level: user.access_level,
    hospital: hospital
      ? {
          id: hospital.id,
          uuid: hospital.uuid,
          name: hospital.name,
          deleted: false,
          network_id: hospital.network_id,
        }
      : null,
    premium_features: user.premium_features,
  };
}

/** The organisation a create call is for (the server's `targetOrganisation`). */
function targetOrganisation(
  backend: MockBackend,
  reach: AdminReach,
  caller: MockUser,
  organisation: string | undefined,
) {
  const n = narrowed(backend, reach, { organisation });
  const placement = backend.placement(caller.hospital_id);
  let hospitalId: number | null = n.kind === 'organisation' ? n.hospitalId : caller.hospital_id;
  if (n.kind === 'network' && placement.network_id !== n.networkId)
    hospitalId = adminStore(backend).networks.get(n.networkId)?.default_organisation_id ?? null;
  if (hospitalId === null) badField('organisation', 'an organisation is required');
  const hospital = backend.hospital(hospitalId) ?? fail(notFound('Organisation'));
  const network = backend.state.networks.find((x) => x.id === hospital.network_id);
  return { hospital, features: network?.features ?? {} };
}

function wireInvite(backend: MockBackend, invite: MockInvite) {
  const by = invite.approved_by_id === null ? undefined : backend.userById(invite.approved_by_id);
  return {
    id: invite.id,
    email: invite.email,
    approved_by_name: by ? displayName(by) : null,
    sent_at: invite.sent_at,
  };
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A fresh code for the login the person started (their latest live attempt), else 409
 * LOGIN_NOT_STARTED: the server's `issueAdminAuthCode`.
 */
function issueAuthCode(backend: MockBackend, email: string): string {
  const attempt = [...backend.state.loginAttempts]
    .reverse()
    .find((a) => a.email === email.toLowerCase() && backend.isLiveLogin(a));
  if (!attempt)
    fail(
      apiError(409, TEXTS.loginNotStarted, {
        internalCode: 'LOGIN_NOT_STARTED',
      }),
    );
  const code = Array.from(backend.randomToken(6), (c) => c)
    .map((c) => CODE_ALPHABET.charAt(parseInt(c, 36) % CODE_ALPHABET.length))
    .join('');
  attempt.code = code.toLowerCase();
  // Valid for the full lifetime again; wrong guesses made so far still count (as the server).
  attempt.expires_at = backend.now().getTime() + LOGIN_CODE_MINUTES * 60_000;
  return code;
}

function wireNetwork(backend: MockBackend, id: number) {
  const network = backend.state.networks.find((n) => n.id === id) ?? fail(notFound('Network'));
  const meta = adminStore(backend).networks.get(id);
  const def =
    meta?.default_organisation_id == null
      ? undefined
      : backend.hospital(meta.default_organisation_id);
  return {
    id: network.id,
    uuid: network.uuid,
    name: network.name,
    status: meta?.status ?? 'ACTIVATED',
    created_at: meta?.created_at ?? backend.timestamp(),
    modified_at: meta?.modified_at ?? backend.timestamp(),
    default_organisation: def ? { id: def.id, name: def.name } : null,
    features: network.features,
  };
}

function wireAdminTeam(backend: MockBackend, team: MockTeam, advice: boolean) {
  const meta = teamMeta(backend, team);
  if (!advice)
    return {
      id: team.id,
      name: team.name,
      members: [...team.user_ids].sort((a, b) => a - b),
      member_count: team.user_ids.length,
      discoverable: team.discoverable,
      auto_accept: team.auto_accept,
      created_at: meta.created_at,
      mim_id: team.mim_id,
      modified_at: versionOf(team),
    };
  const members = team.user_ids
    .map((id) => backend.userById(id))
    .filter((u): u is MockUser => u !== undefined)
    .sort(
      (a, b) =>
        a.last_name.localeCompare(b.last_name) ||
        a.first_name.localeCompare(b.first_name) ||
        a.id - b.id,
    )
    .map((u) => ({ id: u.id, first_name: u.first_name, last_name: u.last_name }));
  return {
    id: team.id,
    name: team.name,
    description: meta.description,
    member_count: team.user_ids.length,
    resolved_issues: backend.state.adviceConversations.filter(
      (a) => a.team_id === team.id && a.public_team_resolved,
    ).length,
    created_at: meta.created_at,
    members,
    mim_id: team.mim_id,
    modified_at: versionOf(team),
  };
}

/** Unblocked people of the team's network (or organisation), else 400 naming `field`. */
function checkMembers(
  backend: MockBackend,
  hospitalId: number,
  ids: readonly number[],
  field: string,
) {
  const where = backend.placement(hospitalId);
  const bad = [...new Set(ids)].filter((id) => {
    const user = backend.userById(id);
    if (!user || user.blocked) return true;
    const p = backend.placement(user.hospital_id);
    return !(
      user.hospital_id === hospitalId ||
      (where.network_id !== null && p.network_id === where.network_id)
    );
  });
  if (bad.length > 0) badField(field, `unknown users: ${bad.slice(0, 20).join(', ')}`);
}

/** What the declaration's scope rule loaded (scopes/admin.ts), as the server's `loaded(req, name)`. */
function the<K extends keyof MockLoaded>(loaded: Partial<MockLoaded>, key: K): MockLoaded[K] {
  const value = loaded[key];
  if (value === undefined) throw new Error(`The admin scope rule loaded no ${key}.`);
  return value;
}

/**
 * The handlers, built from the declarations (@pando/domain adminEndpoints): the session, the
 * schemas and the access rule of each (scopes/admin.ts, the server's ADMIN_SCOPES) are checked
 * before a resolver runs, so a resolver finds the reach and the named user, team, invitation,
 * network or organisation in `loaded`.
 */
export function adminHandlers(backend: MockBackend) {
  // Made now, not at the first admin call: the seeded invitation can log in from the start.
  adminStore(backend);
  const store = () => adminStore(backend);
  const handle = declaredHandlers(backend);
  const e = adminEndpoints;

  const usersInReach = (reach: AdminReach) =>
    backend.state.users.filter(
      (u) => !u.blocked && withinAdminReach(reach, backend.placement(u.hospital_id)),
    );
  const teamsOf = (reach: AdminReach, advice: boolean) =>
    backend.state.teams.filter(
      (t) =>
        isAdviceTeam(t) === advice && withinAdminReach(reach, backend.placement(t.hospital_id)),
    );

  const teamHandlers = (['team', 'advice'] as const).flatMap((kind) => {
    const family = adminTeamEndpoints[kind];
    const advice = kind === 'advice';
    const wire = (team: MockTeam) => wireAdminTeam(backend, team, advice);
    return [
      handle(family.list, ({ loaded, query: q }) =>
        listed(teamsOf(the(loaded, 'reach'), advice), q, {
          search: (t) => t.name,
          sort: { name: (t) => lower(t.name), created_at: (t) => teamMeta(backend, t).created_at },
          by: 'name',
          wire,
        }),
      ),
      handle(family.one, ({ loaded }) => json(wire(the(loaded, 'adminTeam')))),
      handle(family.create, ({ caller, loaded, body: input }) => {
        const { hospital } = targetOrganisation(backend, the(loaded, 'reach'), caller, undefined);
        const members = [...new Set(input.members)];
        checkMembers(backend, hospital.id, members, 'members');
        const teamId = backend.nextId('teams');
        const team: MockTeam = {
          id: teamId,
          name: input.name,
          mim_id: `team-${teamId}`,
          hospital_id: hospital.id,
          user_ids: members,
          discoverable: false,
          auto_accept: false,
          public_data: { enabled: advice, tips: [], resolved_issues: [] },
        };
        backend.state.teams.push(team);
        store().teams.set(teamId, {
          description: input.description ?? null,
          created_at: backend.timestamp(),
        });
        return json(wire(team), 201);
      }),
      handle(family.update, ({ request, loaded, body: patch }) => {
        const team = the(loaded, 'adminTeam');
        refuseStale(request, team, patch.modified_at);
        if (patch.name !== undefined) team.name = patch.name;
        if (patch.description !== undefined)
          teamMeta(backend, team).description = patch.description;
        touch(backend, team);
        return json(wire(team));
      }),
      handle(family.membersAdd, ({ loaded, body: { user_ids: ids } }) => {
        const team = the(loaded, 'adminTeam');
        checkMembers(backend, team.hospital_id, ids, 'user_ids');
        team.user_ids = [...new Set([...team.user_ids, ...ids])];
        touch(backend, team);
        return json(wire(team));
      }),
      handle(family.membersRemove, ({ loaded, body: { user_ids: ids } }) => {
        const team = the(loaded, 'adminTeam');
        if (team.user_ids.every((u) => ids.includes(u)))
          badField('user_ids', TEXTS.atLeastOneMember);
        team.user_ids = team.user_ids.filter((u) => !ids.includes(u));
        touch(backend, team);
        return json(wire(team));
      }),
      // As the server: the team is kept as deleted (its advice questions still name it) and
      // its members leave it; lookups, lists and searches no longer find it.
      handle(family.remove, ({ loaded }) => {
        const team = the(loaded, 'adminTeam');
        team.user_ids = [];
        touch(backend, team);
        backend.state.teams = backend.state.teams.filter((t) => t.id !== team.id);
        backend.state.deletedTeams.push(team);
        return deleted();
      }),
    ];
  });

  return [
    // ---- Users ----
    handle(e.usersCount, ({ loaded }) =>
      json({ count: usersInReach(the(loaded, 'reach')).length }),
    ),
    handle(e.users, ({ loaded, query: q }) =>
      listed(usersInReach(the(loaded, 'reach')), q, {
        search: (u) => `${u.first_name} ${u.last_name} ${u.email}`,
        sort: {
          last_name: (u) => lower(u.last_name),
          first_name: (u) => lower(u.first_name),
          email: (u) => u.email,
          joined_at: (u) => joinedAt(u),
          role: (u) => u.role?.description,
          speciality: (u) => u.speciality,
        },
        by: 'last_name',
        wire: (u) => userRow(backend, u),
      }),
    ),
    handle(e.user, ({ loaded }) => json(adminUser(backend, the(loaded, 'adminUser')))),
    handle(e.updateUser, ({ caller, loaded, body: patch }) => {
      const target = the(loaded, 'adminUser');
      const refusal = adminChangeRefusal(caller, target);
      if (refusal) fail(apiError(403, refusal));
      if (patch.hospital_uuid !== undefined) {
        const hospital = backend.state.hospitals.find((h) => h.uuid === patch.hospital_uuid);
        if (!hospital || !withinAdminReach(the(loaded, 'reach'), backend.placement(hospital.id)))
          return badField('hospital_uuid', 'unknown organisation');
        target.hospital_id = hospital.id;
      }
      if (patch.blocked === true && !target.blocked) {
        target.blocked = true;
        // As the server's blockUser: every session and token of the person ends at once.
        backend.state.sessions = backend.state.sessions.filter((s) => s.user_id !== target.id);
      }
      if (patch.blocked === false) target.blocked = false;
      return json(adminUser(backend, target));
    }),
    handle(e.userAuthCode, ({ caller, loaded }) => {
      const target = the(loaded, 'adminUser');
      const refusal = loginCodeRefusal(caller, target);
      if (refusal) fail(apiError(403, refusal));
      if (target.blocked) fail(apiError(403, TEXTS.userBlocked));
      return json({ authorization_code: issueAuthCode(backend, target.email) });
    }),

    // ---- Invitations ----
    handle(e.invites, ({ loaded, query: q }) => {
      const reach = the(loaded, 'reach');
      const rows = store().invites.filter(
        (i) => !i.closed && withinAdminReach(reach, backend.placement(i.hospital_id)),
      );
      return listed(rows, q, {
        search: (i) => i.email,
        sort: { sent_at: (i) => i.sent_at, email: (i) => i.email },
        by: '-sent_at',
        wire: (i) => wireInvite(backend, i),
      });
    }),
    handle(e.createInvite, ({ caller, loaded, body }) => {
      const reach = the(loaded, 'reach');
      const { hospital, features } = targetOrganisation(backend, reach, caller, body.organisation);
      if (features.user_invite_by_email !== true)
        fail(
          apiError(403, TEXTS.inviteByEmailNotEnabled, {
            internalCode: FEATURE_NOT_ENABLED,
          }),
        );
      if (backend.userByEmail(body.email))
        fail(apiError(409, textsWith.inviteHasAccount(body.email)));
      if (store().invites.some((i) => i.email === body.email && !i.closed))
        fail(apiError(409, textsWith.inviteAlreadySent(body.email)));
      const invite: MockInvite = {
        id: store().nextId('invites'),
        email: body.email,
        hospital_id: hospital.id,
        approved_by_id: caller.id,
        sent_at: backend.timestamp(),
        closed: false,
      };
      store().invites.push(invite);
      backend.sendMail({
        to: body.email,
        // The demo has no public address: the email says where only on a real server.
        ...invitationEmail({
          inviter: caller,
          productName: 'Pando',
          organisation: hospital.name,
          email: body.email,
        }),
      });
      return json(wireInvite(backend, invite), 201);
    }),
    handle(e.deleteInvite, ({ loaded }) => {
      the(loaded, 'invite').closed = true;
      return deleted();
    }),
    handle(e.inviteAuthCode, ({ loaded }) =>
      json({ authorization_code: issueAuthCode(backend, the(loaded, 'invite').email) }),
    ),

    // ---- Networks ----
    handle(e.network, ({ loaded }) => json(wireNetwork(backend, the(loaded, 'networkId')))),
    handle(e.networks, ({ query: q }) =>
      listed(
        backend.state.networks.map((n) => wireNetwork(backend, n.id)),
        q,
        {
          search: (n) => n.name,
          sort: {
            name: (n) => lower(n.name),
            created_at: (n) => n.created_at,
            status: (n) => n.status,
          },
          by: 'name',
        },
      ),
    ),
    handle(e.createNetwork, ({ body: input }) => {
      const refusal = defaultOrganisationRefusal({
        creating: true,
        defaultOrganisationId: input.default_organisation_id,
        isOwnOrganisation: false,
      });
      if (refusal) fail(apiErrorOf(refusal));
      const networkId = store().nextId('networks');
      backend.state.networks.push({
        id: networkId,
        uuid: `00000000-0000-4000-8001-${networkId.toString(16).padStart(12, '0')}`,
        name: input.name,
        features: { ...input.features } as Record<string, boolean>,
      });
      const now = backend.timestamp();
      store().networks.set(networkId, {
        status: input.status,
        created_at: now,
        modified_at: now,
        default_organisation_id: null,
      });
      return json(wireNetwork(backend, networkId), 201);
    }),
    ...[e.replaceNetwork, e.updateNetwork].map((declaration) =>
      handle(declaration, ({ loaded, body: input }) => {
        const network = backend.state.networks.find((n) => n.id === loaded.networkId);
        const meta = network && store().networks.get(network.id);
        if (!network || !meta) return fail(notFound('Network'));
        const defaultId = input.default_organisation_id;
        const refusal = defaultOrganisationRefusal({
          creating: false,
          defaultOrganisationId: defaultId,
          isOwnOrganisation:
            defaultId != null && backend.hospital(defaultId)?.network_id === network.id,
        });
        if (refusal) fail(apiErrorOf(refusal));
        if (input.name !== undefined) network.name = input.name;
        if (input.features !== undefined)
          network.features = { ...input.features } as Record<string, boolean>;
        if (input.status !== undefined) meta.status = input.status;
        if (defaultId !== undefined) meta.default_organisation_id = defaultId;
        meta.modified_at = backend.timestamp();
        return json(wireNetwork(backend, network.id));
      }),
    ),
    handle(e.deleteNetwork, ({ loaded }) => {
      const refusal = networkDeleteRefusal(
        backend.state.hospitals.filter((h) => h.network_id === loaded.networkId).length,
      );
      if (refusal) fail(apiErrorOf(refusal));
      backend.state.networks = backend.state.networks.filter((n) => n.id !== loaded.networkId);
      return deleted();
    }),

    // ---- Organisations, pagers, export ----
    handle(e.organisations, ({ loaded, query: q }) => {
      const reach = the(loaded, 'reach');
      const rows = backend.state.hospitals.filter((h) =>
        withinAdminReach(reach, backend.placement(h.id)),
      );
      return listed(rows, q, {
        search: (h) => h.name,
        sort: { name: (h) => lower(h.name), created_at: () => null },
        by: 'name',
        wire: wireOrganisation,
      });
    }),
    // Issue 37: an organisation's settings (admin:organisation: unknown 404, outside the reach 403).
    handle(e.updateOrganisation, ({ loaded, body: input }) => {
      const hospital = the(loaded, 'organisation');
      hospital.offline_patient_data = input.offline_patient_data;
      hospital.modified_at = backend.timestamp();
      return json(wireOrganisation(hospital));
    }),
    handle(e.pagers, ({ loaded, query: q }) => {
      const reach = the(loaded, 'reach');
      const rows = store().pagers.filter((p) =>
        withinAdminReach(reach, backend.placement(p.hospital_id)),
      );
      return listed(rows, q, {
        search: (p) => `${p.name} ${p.mim_id} ${p.description ?? ''}`,
        sort: {
          name: (p) => lower(p.name),
          created_at: (p) => p.created_at,
          mim_id: (p) => p.mim_id,
        },
        by: 'name',
        wire: ({ hospital_id: _h, assigned_to_id, ...pager }) => {
          const holder = assigned_to_id === null ? undefined : backend.userById(assigned_to_id);
          return { ...pager, assigned_to: holder ? displayName(holder) : null };
        },
      });
    }),
    handle(e.dataExportRequest, ({ caller, loaded, body }) => {
      const reach = the(loaded, 'reach');
      const { hospital } = targetOrganisation(backend, reach, caller, body.organisation);
      store().exportRequests.push({
        ...body,
        hospital_id: hospital.id,
        requested_by_id: caller.id,
      });
      return json({ message: TEXTS.exportThankYou }, 201);
    }),

    // ---- Teams and advice channels (the count before the family's `/:id`) ----
    handle(e.adviceChannelsCount, ({ loaded }) =>
      json({ count: teamsOf(the(loaded, 'reach'), true).length }),
    ),
    ...teamHandlers,
  ];
}
