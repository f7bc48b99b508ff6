import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACCESS, addMembersRefusal, type EndpointAccess, type ScopeName } from '@pando/domain';
import { type AuthContext, authenticate, requireUser } from '../auth/sessions.js';
import { HttpError, notFound, unauthorized } from '../http/errors.js';
import {
  type AdviceRecord,
  findAdviceByMimId,
  isAdviceParticipant,
  participantAdvice,
} from '../advice/repo.js';
import {
  canReadTeam,
  findTeamByMimId,
  isMember,
  readableTeam,
  publicDataOf,
  requireMember,
  type TeamRecord,
} from '../teams/repo.js';
import { canSee, findUserById, findUserByUuid, type UserRecord } from '../users/repo.js';
import { PATIENT_SCOPES } from '../patients/access.js';
import { ADMIN_SCOPES } from '../admin/access.js';
import { ANALYTICS_SCOPES } from '../analytics/access.js';
import { FORM_SCOPES } from '../forms/access.js';
import {
  type ChatImageRecord,
  findChatImage,
  findStoredFile,
  forbiddenRead,
  readableShared,
  type StoredFileRecord,
} from '../uploads/access.js';

/**
 * Who may call a route, declared as its `config.access` (src/http/routeShape.ts). The server
 * enforces it before the handler runs; the OpenAPI document prints it; the generated
 * authorization test (authz.test.ts) reads it from the registered routes and plays every
 * outsider against it. One declaration, so the policy and its test cannot drift apart.
 * - public: no session (login, health, runtime config);
 * - self: any logged-in person, acting on their own data only (`sessionOptional`: the handler
 *   also runs without a session and answers it itself; logout clears a stale cookie that way);
 * - scoped: a resource named by the URL, and a rule of who may act on it (SCOPES below).
 */
export type Access = EndpointAccess;

/** For the few routes under /api that have no endpoint declaration (src/http: config, dev). */
export const PUBLIC: Access = ACCESS.public;
export const SELF: Access = ACCESS.self;

/** What a guard loaded for the handler, so the handler neither looks it up nor checks it again. */
export interface ScopedResources {
  team: TeamRecord;
  advice: AdviceRecord;
  image: ChatImageRecord;
  file: StoredFileRecord;
  user: UserRecord;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, set by the authentication hook on every non-public route. */
    auth: AuthContext | null;
    /** What the route's access guard loaded. */
    scoped: Partial<ScopedResources> | null;
  }
}

type Guard = (req: FastifyRequest, caller: UserRecord) => Promise<Partial<ScopedResources>>;

interface ScopeRule {
  /** Who may act, in words (API document, test messages). */
  who: string;
  guard: Guard;
}

const params = (req: FastifyRequest) => req.params as Record<string, number | string>;
const numberParam = (req: FastifyRequest, name: string) => Number(params(req)[name]);

/** A team the caller may read: members; within the network, anyone for discoverable and advice teams. */
const teamReader: Guard = async (req, caller) => ({
  team: await readableTeam(req.server.db, caller, numberParam(req, 'id')),
});

/**
 * The access rules of the API. A new kind of resource adds its rule here; a route names one.
 * Refusals: a resource the caller may not even see is the same 404 as a missing id; one they
 * see but may not change is 403.
 */
export const SCOPES = {
  'team:reader': {
    who: 'members; within the network, anyone for a discoverable team or an advice team',
    guard: teamReader,
  },
  'team:member': {
    who: 'members of the team (spec 01 §6: any member can add or remove members, rename and leave)',
    guard: async (req, caller) => {
      const { team } = await teamReader(req, caller);
      if (team) requireMember(caller, team);
      return { team };
    },
  },
  'team:joiner': {
    who: 'members; a non-member may add only themselves, to a discoverable team of their network',
    guard: async (req, caller) => {
      const { team } = await teamReader(req, caller);
      if (!team || isMember(team, caller.id)) return { team };
      const { user_ids } = req.body as { user_ids: number[] };
      const refusal = addMembersRefusal(caller, team, user_ids);
      if (refusal) throw new HttpError(403, refusal);
      return { team };
    },
  },
  'advice-team:reader': {
    who: 'people of the advice team’s network',
    guard: async (req, caller) => ({
      team: await readableTeam(req.server.db, caller, numberParam(req, 'teamId')),
    }),
  },
  'advice:participant': {
    who: 'the requestor and the advice team’s members',
    guard: async (req, caller) => ({
      advice: await participantAdvice(
        req.server.db,
        caller,
        numberParam(req, 'teamId'),
        numberParam(req, 'id'),
      ),
    }),
  },
  'image:viewer': {
    who: 'the uploader and the people it was shared with',
    guard: async (req, caller) => {
      const image = await findChatImage(req.server.db, numberParam(req, 'id'));
      if (!image) throw notFound('Image');
      await readableShared(req.server.db, caller, { type: 'image', ...image });
      return { image };
    },
  },
  'image:uploader': {
    who: 'the uploader',
    guard: async (req, caller) => {
      const image = await findChatImage(req.server.db, numberParam(req, 'id'));
      if (!image) throw notFound('Image');
      await readableShared(req.server.db, caller, { type: 'image', ...image });
      if (image.uploader_id !== caller.id) throw forbiddenRead();
      return { image };
    },
  },
  'file:viewer': {
    who: 'the uploader and the people it was shared with',
    guard: async (req, caller) => {
      const file = await findStoredFile(req.server.db, numberParam(req, 'id'));
      if (!file) throw notFound('File');
      await readableShared(req.server.db, caller, { type: 'file', ...file });
      return { file };
    },
  },
  'user:network': {
    who: 'people of the same network (or organisation, without a network)',
    guard: async (req, caller) => {
      const id = params(req).id;
      const db = req.server.db;
      const target =
        typeof id === 'number' ? await findUserById(db, id) : await findUserByUuid(db, String(id));
      // Another network's user is indistinguishable from a missing one.
      if (!target || !canSee(caller, target)) throw notFound('User');
      return { user: target };
    },
  },
  'room:participant': {
    who: 'a team’s readers (as team:reader); for an advice room, its requestor and the advice team’s members',
    // The room is a team or an advice conversation; either way one 404 for what the caller may
    // not see, so a room id reveals nothing.
    guard: async (req, caller) => {
      const db = req.server.db;
      const mimId = String(params(req).mimId);
      const team = await findTeamByMimId(db, mimId);
      if (team && canReadTeam(caller, { ...team, public_data: publicDataOf(team.public_data) }))
        return { team };
      const advice = team ? undefined : await findAdviceByMimId(db, caller, mimId);
      if (!advice || !isAdviceParticipant(advice, caller)) throw notFound('Chat room');
      return { advice };
    },
  },
  // Patient cards, patients, patient images, hospitals (issue 18).
  ...PATIENT_SCOPES,
  // The admin console: administrators within their reach (issue 20).
  ...ADMIN_SCOPES,
  ...ANALYTICS_SCOPES,
  ...FORM_SCOPES,
} satisfies Record<ScopeName, ScopeRule>;

/** A scope the server defines and the domain does not name fails to compile here. */
type NoneOf<T extends never> = T;
type _NoUndeclaredScope = NoneOf<Exclude<keyof typeof SCOPES, ScopeName>>;

/** The caller of a non-public route (set by the authentication hook). */
export function callerOf(req: FastifyRequest): AuthContext {
  if (!req.auth) throw unauthorized();
  return req.auth;
}

/** What the route's access guard loaded; a route that names no such scope is a programming error. */
export function loaded<K extends keyof ScopedResources>(
  req: FastifyRequest,
  what: K,
): ScopedResources[K] {
  const value = req.scoped?.[what];
  if (value === undefined) throw new Error(`no ${what} loaded for ${req.routeOptions.url}`);
  return value;
}

/**
 * The authenticated scope's hooks (registered on the /api/v4 context): `onRequest` authenticates
 * every route whose access is not public (401 before anything is parsed), `preHandler` runs the
 * route's access guard once the params and body passed their schemas.
 */
export function registerAccessHooks(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('scoped', null);
  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config.access;
    if (!access || access.kind === 'public') return;
    req.auth =
      access.kind === 'self' && access.sessionOptional
        ? await authenticate(app, req)
        : await requireUser(app, req);
  });
  app.addHook('preHandler', async (req) => {
    const access = req.routeOptions.config.access;
    if (access?.kind !== 'scoped') return;
    req.scoped = await SCOPES[access.scope].guard(req, callerOf(req).user);
  });
}
