import { z } from 'zod';
import type { EndpointAccess, ScopeName } from '../endpoints/endpoint';

/**
 * The generated authorization test's playbook (issue 38). The rules
 * are not listed here: each route declares its own access (`access` of its endpoint declaration)
 * and the test reads them from the routes the server registered. What the playbook keeps is the
 * fixture: the ids each kind of resource is played with, the body a call needs, and which
 * outsiders a rule lets in. apps/server src/authz/authz.test.ts plays it against the server, which
 * is also what the demo and the stories run in their page (`@pando/server/page`): the hand-written
 * mock backend it was also played against is gone.
 */

/** The outsiders the test plays, relative to the fixture's team T, advice conversation C, image and file. */
export const ROLES = ['nonMember', 'removedMember', 'otherOrganisation', 'otherNetwork'] as const;
export type Role = (typeof ROLES)[number];

/** Ids the fixture created (see beforeAll). */
export interface AuthzFixture {
  /** Private team of alice and bob; the removed member was in it. */
  teamId: number;
  teamMimId: string;
  /** Advice team (bob; the removed member was in it); alice asked advice C of it. */
  adviceTeamId: number;
  adviceId: number;
  adviceMimId: string;
  /** Chat image of alice shared to T and C; file of alice shared to T. */
  imageId: number;
  fileId: number;
  /** alice's user id. */
  userId: number;
  /** alice's patient card assigned to T (the removed member saw it while in T), its patient and image. */
  cardId: number;
  patientId: number;
  patientImageId: number;
  /** alice's hospital (St Elsewhere General). */
  hospitalId: number;
  /** The demo pending invitation (St Elsewhere General) and alice's network, as stored. */
  inviteId: number;
  hospitalUuid: string;
  /** alice's smart-form template. */
  templateId: number;
  /** alice's structured file (an image of a form control). */
  structuredFileGuid: string;
  network: {
    id: number;
    name: string;
    features: Record<string, boolean>;
    default_organisation_id: number | null;
  };
}

const NONE = 999_999_999;
/** A structured file's guid that names nothing (a uuid: anything else is a 400). */
const NO_GUID = '00000000-0000-4000-8000-000000000000';

/** The target of a share URL (`…/share/users|teams|advice-conversation/:targetId`) in the fixture. */
const shareTarget = (f: AuthzFixture, url: string) =>
  url.includes('/share/users/') ? f.userId : url.includes('/share/teams/') ? f.teamId : f.adviceId;

/**
 * How each scope's URL is filled in: the value of each path parameter, and which parameter names
 * the resource (replaced by a missing id for the "same 404 as a missing id" check).
 */
const SCOPE_FIXTURES: Record<
  ScopeName,
  {
    params: (f: AuthzFixture, url: string) => Record<string, string | number>;
    /** Query values, for a rule whose resource is named by the query (`?patient_id=`). */
    query?: (f: AuthzFixture) => Record<string, string | number>;
    resource: string;
  }
> = {
  'team:reader': { params: (f) => ({ id: f.teamId }), resource: 'id' },
  'team:member': { params: (f) => ({ id: f.teamId }), resource: 'id' },
  'team:joiner': { params: (f) => ({ id: f.teamId }), resource: 'id' },
  'advice-team:reader': { params: (f) => ({ teamId: f.adviceTeamId }), resource: 'teamId' },
  'advice:participant': {
    params: (f) => ({ teamId: f.adviceTeamId, id: f.adviceId }),
    resource: 'id',
  },
  'image:viewer': {
    params: (f, url) => ({
      id: f.imageId,
      targetId: shareTarget(f, url),
    }),
    resource: 'id',
  },
  'image:uploader': { params: (f) => ({ id: f.imageId }), resource: 'id' },
  'file:viewer': { params: (f) => ({ id: f.fileId }), resource: 'id' },
  'user:network': { params: (f) => ({ id: f.userId }), resource: 'id' },
  'room:participant': { params: (f) => ({ mimId: f.teamMimId }), resource: 'mimId' },
  'card:viewer': { params: (f) => ({ id: f.cardId }), resource: 'id' },
  'card:editor': {
    params: (f, url) => ({
      id: f.cardId,
      targetId: shareTarget(f, url),
    }),
    resource: 'id',
  },
  'patient:viewer': { params: (f) => ({ id: f.patientId }), resource: 'id' },
  'patient:editor': { params: (f) => ({ id: f.patientId }), resource: 'id' },
  'patient-images:viewer': {
    params: () => ({}),
    query: (f) => ({ patient_id: f.patientId }),
    resource: 'patient_id',
  },
  'patient-image:viewer': { params: (f) => ({ id: f.patientImageId }), resource: 'id' },
  'hospital:network': { params: (f) => ({ id: f.hospitalId }), resource: 'id' },
  // Admin console (issue 20): no resource in the URL, or alice as the managed user.
  admin: { params: () => ({}), resource: 'id' },
  'admin:user': { params: (f) => ({ id: f.userId }), resource: 'id' },
  'admin:user-code': { params: (f) => ({ id: f.userId }), resource: 'id' },
  'admin:invite': { params: (f) => ({ id: f.inviteId }), resource: 'id' },
  'admin:invite-code': { params: (f) => ({ id: f.inviteId }), resource: 'id' },
  'admin:network': { params: (f) => ({ id: f.network.id }), resource: 'id' },
  'admin:networks': { params: () => ({}), resource: 'id' },
  'admin:network-manager': { params: (f) => ({ id: f.network.id }), resource: 'id' },
  'admin:team': { params: (f) => ({ id: f.teamId }), resource: 'id' },
  'admin:organisation': { params: (f) => ({ uuid: f.hospitalUuid }), resource: 'uuid' },
  'template:owner': { params: (f) => ({ id: f.templateId }), resource: 'id' },
  'structured-file:viewer': {
    params: (f) => ({ guid: f.structuredFileGuid, kind: 'image' }),
    resource: 'guid',
  },
  'structured-file:uploader': {
    params: (f) => ({ guid: f.structuredFileGuid }),
    resource: 'guid',
  },
  'admin:advice-channel': { params: (f) => ({ id: f.adviceTeamId }), resource: 'id' },
  // Analytics (issue 20): alice's organisation over a fixed window.
  'analytics:scope': {
    params: (f) => ({
      scope: 'organisation',
      id: f.hospitalUuid,
      from: '2026-01-01',
      to: '2026-01-31',
    }),
    resource: 'id',
  },
};

/**
 * The outsiders a rule lets in. Same-network rules admit everyone but the other network; every
 * other rule admits none of the outsiders (the fixture's resources are private to alice and bob).
 */
const ADMITTED: Partial<Record<ScopeName, readonly Role[]>> = {
  'user:network': ['nonMember', 'removedMember', 'otherOrganisation'],
  'advice-team:reader': ['nonMember', 'removedMember', 'otherOrganisation'],
  'hospital:network': ['nonMember', 'removedMember', 'otherOrganisation'],
  // A structured file is read by its uploader's organisation.
  'structured-file:viewer': ['nonMember', 'removedMember'],
};

/** Bodies the calls need (validation runs before the access guard). */
const BODIES: Record<string, (f: AuthzFixture) => unknown> = {
  'POST /api/v4/teams': () => ({ name: 'Authz test team', user_ids: [] }),
  'PUT /api/v4/teams/:id': () => ({ name: 'Renamed' }),
  'POST /api/v4/teams/:id/members/add': (f) => ({ user_ids: [f.userId] }),
  'POST /api/v4/teams/:id/members/remove': (f) => ({ user_ids: [f.userId] }),
  'POST /api/v4/teams/:teamId/advice-conversations': () => ({
    message: 'Authorization test question',
  }),
  'POST /api/v4/images/chat/:id/share/users/:targetId': () => ({ access_type: 'READ' }),
  'POST /api/v4/files/:id/email': () => ({ address: 'authz.recipient@example.org' }),
  'POST /api/v4/images/chat/:id/email': () => ({ address: 'authz.recipient@example.org' }),
  'POST /api/v4/images/chat/:id/share/teams/:targetId': () => ({ access_type: 'READ' }),
  'POST /api/v4/images/chat/:id/share/advice-conversation/:targetId': () => ({
    access_type: 'READ',
  }),
  'PUT /api/v4/cards-multiple-reassign/:id': () => ({ title: 'Authz card' }),
  'PUT /api/v4/cards-multiple-reassign/:id/reassign': (f) => ({
    users: [f.userId],
    teams: [f.teamId],
  }),
  'POST /api/v4/cards-multiple-reassign/:id/share/users/:targetId': () => ({ access_type: 'READ' }),
  'POST /api/v4/cards-multiple-reassign/:id/share/teams/:targetId': () => ({ access_type: 'READ' }),
  'POST /api/v4/cards-multiple-reassign/:id/share/advice-conversation/:targetId': () => ({
    access_type: 'READ',
  }),
  'PUT /api/v4/patients/:id': () => ({ patient: { bed: '2' } }),
  'PATCH /api/v4/admin/users/:id': () => ({ blocked: false }),
  'POST /api/v4/admin/invites': () => ({ email: 'authz.invitee@example.org' }),
  'POST /api/v4/admin/networks': () => ({ name: 'Authz network' }),
  // PUT replaces: the network as it is.
  'PUT /api/v4/admin/networks/:id': (f) => ({
    name: f.network.name,
    status: 'ACTIVATED',
    features: f.network.features,
    default_organisation_id: f.network.default_organisation_id,
  }),
  'PATCH /api/v4/admin/networks/:id': () => ({ status: 'ACTIVATED' }),
  'PATCH /api/v4/admin/organisations/:uuid': () => ({ offline_patient_data: true }),
  'POST /api/v4/admin/teams': (f) => ({ name: 'Authz admin team', members: [f.userId] }),
  'PATCH /api/v4/admin/teams/:id': () => ({ name: 'Authz private team' }),
  'POST /api/v4/structured/template/:id': () => ({ title: 'Authz template', controls: [] }),
  'POST /api/v4/structured/email/:kind/:guid': () => ({ address: 'authz.recipient@example.org' }),
  'POST /api/v4/admin/teams/:id/members/add': (f) => ({ user_ids: [f.userId] }),
  'POST /api/v4/admin/teams/:id/members/remove': (f) => ({ user_ids: [f.userId] }),
  'POST /api/v4/admin/advice-channels': (f) => ({
    name: 'Authz admin channel',
    members: [f.userId],
  }),
  'PATCH /api/v4/admin/advice-channels/:id': () => ({ name: 'Authz advice team' }),
  'POST /api/v4/admin/advice-channels/:id/members/add': (f) => ({ user_ids: [f.userId] }),
  'POST /api/v4/admin/advice-channels/:id/members/remove': (f) => ({ user_ids: [f.userId] }),
  'POST /api/v4/admin/send-export-data-request': () => ({
    first_name: 'Authz',
    last_name: 'Test',
    email: 'authz@example.org',
  }),
};

/** The fixture person who plays the rightful caller, when it is not alice. */
const RIGHTFUL: Record<string, 'bob'> = {
  'PUT /api/v4/teams/:teamId/advice-conversations/:id/accept': 'bob',
  'PUT /api/v4/teams/:teamId/advice-conversations/:id/unresolve': 'bob',
  'POST /api/v4/teams/:id/members/remove': 'bob',
  'POST /api/v4/teams/:id/leave': 'bob',
};
/**
 * The rightful caller of the admin rules (every outsider above is a USER or USER_VERIFIED, who
 * get 403 on every admin call): alice's organisation admin, or her network admin for codes.
 */
const RIGHTFUL_BY_SCOPE: Partial<Record<ScopeName, 'orgAdmin' | 'networkAdmin' | 'pandoAdmin'>> = {
  admin: 'orgAdmin',
  'admin:user': 'orgAdmin',
  'admin:user-code': 'networkAdmin',
  'admin:invite': 'orgAdmin',
  'admin:invite-code': 'networkAdmin',
  'admin:network': 'orgAdmin',
  'admin:networks': 'pandoAdmin',
  'admin:network-manager': 'pandoAdmin',
  'analytics:scope': 'orgAdmin',
  'admin:team': 'orgAdmin',
  'admin:advice-channel': 'orgAdmin',
  'admin:organisation': 'orgAdmin',
};
/** Calls that undo the fixture run last (bob removes alice, then leaves). */
const DESTRUCTIVE = [
  'POST /api/v4/teams/:id/members/remove',
  'POST /api/v4/teams/:id/leave',
  'DELETE /api/v4/cards-multiple-reassign/:id',
  'DELETE /api/v4/admin/invites/:id',
  'POST /api/v4/admin/teams/:id/members/remove',
  'DELETE /api/v4/admin/teams/:id',
  'POST /api/v4/admin/advice-channels/:id/members/remove',
  'DELETE /api/v4/admin/advice-channels/:id',
  'DELETE /api/v4/structured/template/:id',
  'DELETE /api/v4/structured/files/:guid',
];

/** A route as the playbook sees it: method, URL pattern (with /api/v4), access, answer schemas. */
export interface AuthzRoute {
  method: string;
  url: string;
  access: EndpointAccess | undefined;
  /** The declared schema of an answer's status (exact, or its `2xx` class). */
  responseSchema: (status: number) => z.ZodType | undefined;
}

/** What a backend answered. */
export interface AuthzAnswer {
  status: number;
  body: string;
  contentType: string;
}

export type AuthzPerson = Role | 'alice' | 'bob' | 'orgAdmin' | 'networkAdmin' | 'pandoAdmin';

/** Sends one request as a person (or anonymously) to the backend under test. */
export type AuthzSend = (
  who: AuthzPerson | undefined,
  method: string,
  url: string,
  body: unknown,
) => Promise<AuthzAnswer>;

export const routeKey = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

/** One playable case: a route, the URL it is called on, and its body. */
interface Case {
  route: AuthzRoute;
  url: string;
  missing?: string;
  body: unknown;
  scope?: ScopeName;
}

function fill(url: string, values: Record<string, string | number>): string {
  return url.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no fixture value for :${name} in ${url}`);
    return String(value);
  });
}

/** The URLs a route is played on (with the fixture's ids, and with a missing one). */
export function casesOf(route: AuthzRoute, fixture: AuthzFixture): Case[] {
  const body = route.method === 'GET' ? undefined : (BODIES[routeKey(route)]?.(fixture) ?? {});
  const access = route.access;
  if (access?.kind !== 'scoped') return [{ route, url: route.url, body }];
  const f = SCOPE_FIXTURES[access.scope];
  const values = f.params(fixture, route.url);
  const missingValue =
    access.scope === 'room:participant'
      ? 'no-such-room'
      : access.scope.startsWith('structured-file:')
        ? NO_GUID
        : NONE;
  const query = f.query?.(fixture);
  const qs = (q: Record<string, string | number> | undefined) =>
    q
      ? `?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString()}`
      : '';
  const missingQuery =
    query && f.resource in query ? { ...query, [f.resource]: missingValue } : query;
  const cases: Case[] = [
    {
      route,
      url: fill(route.url, values) + qs(query),
      missing: fill(route.url, { ...values, [f.resource]: missingValue }) + qs(missingQuery),
      body,
      scope: access.scope,
    },
  ];
  // A chat room is a team or an advice conversation: both are played.
  if (access.scope === 'room:participant')
    cases.push({
      route,
      url: fill(route.url, { mimId: fixture.adviceMimId }),
      missing: fill(route.url, { mimId: 'no-such-advice-room' }),
      body,
      scope: access.scope,
    });
  return cases;
}

/** What the fixture tables name that the backend does not serve (a stale entry). */
export function unknownFixtureEntries(routes: readonly AuthzRoute[]): string[] {
  const served = new Set(routes.map(routeKey));
  return [...Object.keys(BODIES), ...Object.keys(RIGHTFUL)].filter((k) => !served.has(k));
}

/**
 * Plays every outsider against every route: anonymous callers get 401; the non-member, removed
 * member, other organisation and other network get 403 or the 404 of a missing id (unless the
 * rule admits them); the rightful caller passes on the same URLs and gets what the route declared.
 */
export async function playAuthorization(
  routes: readonly AuthzRoute[],
  fixture: AuthzFixture,
  send: AuthzSend,
): Promise<{ cases: number; checkedBodies: number; failures: string[] }> {
  let cases = 0;
  let checkedBodies = 0;
  const failures: string[] = [];
  // The calls that undo the fixture run last, in the order DESTRUCTIVE lists them (bob removes
  // alice from T before he leaves it; the admin console deletes T only after both).
  const rank = (r: AuthzRoute) => {
    const i = DESTRUCTIVE.indexOf(routeKey(r));
    return i === -1 ? -1 : i;
  };
  const ordered = [...routes].sort((a, b) => rank(a) - rank(b));
  const all = ordered.flatMap((r) => casesOf(r, fixture));
  const call = (who: AuthzPerson | undefined, c: Case, url = c.url) =>
    send(who, c.route.method, url, c.route.method === 'GET' ? undefined : c.body);
  for (const c of all) {
    const access = c.route.access;
    if (!access || access.kind === 'public') continue;
    const anon = await call(undefined, c);
    cases++;
    if (anon.status !== 401)
      failures.push(`${routeKey(c.route)} anonymous → ${anon.status}, expected 401`);
    if (!c.scope || !c.missing) continue;
    const admitted = ADMITTED[c.scope] ?? [];
    for (const role of ROLES) {
      const res = await call(role, c);
      cases++;
      if (admitted.includes(role)) {
        if ([401, 403, 404].includes(res.status))
          failures.push(`${routeKey(c.route)} as admitted ${role} → ${res.status}`);
        continue;
      }
      if (res.status === 403) continue;
      if (res.status === 404) {
        const missing = await call(role, c, c.missing);
        if (missing.status !== 404 || missing.body !== res.body) {
          failures.push(
            `${routeKey(c.route)} as ${role}: 404 differs from a missing id (${missing.status} ${missing.body} vs ${res.body})`,
          );
        }
        continue;
      }
      failures.push(`${routeKey(c.route)} as ${role} → ${res.status} ${res.body.slice(0, 120)}`);
    }
  }
  // The rightful caller passes authorization on the same URLs, so the refusals above are
  // real; what they get back is what the route declared.
  for (const c of all) {
    if (!c.scope) continue;
    const who = RIGHTFUL[routeKey(c.route)] ?? RIGHTFUL_BY_SCOPE[c.scope] ?? 'alice';
    const res = await call(who, c);
    cases++;
    if ([401, 403, 404].includes(res.status)) {
      failures.push(
        `${routeKey(c.route)} as ${who} (rightful) → ${res.status} ${res.body.slice(0, 120)}`,
      );
      continue;
    }
    const schema = c.route.responseSchema(res.status);
    if (res.contentType.startsWith('application/json') && schema) {
      const parsed = schema.safeParse(JSON.parse(res.body));
      checkedBodies++;
      if (!parsed.success)
        failures.push(
          `${routeKey(c.route)} answer does not match its schema: ${parsed.error.message}`,
        );
    }
  }
  return { cases, checkedBodies, failures };
}

/** A declared answer schema by status (exact, or its `2xx` class), from a route's response map. */
export function schemaOfStatus(
  responses: Record<string, unknown>,
  status: number,
): z.ZodType | undefined {
  const schema = responses[String(status)] ?? responses[`${String(status)[0]}xx`];
  return schema instanceof z.ZodType ? schema : undefined;
}
