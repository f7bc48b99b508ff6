import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preValidationHookHandler,
} from 'fastify';
import { callerOf, SELF } from '../authz/access.js';
import type { ServerEvents } from '../events.js';

/**
 * An in-process cache of whole JSON answers of the hot reads (`GET /teams-with-advices-
 * conversations`, `GET /filters`), so a repeated call costs no database work: the serialized
 * body is kept as a Buffer and sent as it is.
 *
 * Safety rules (apps/server/README.md "Response cache"):
 * - every entry belongs to one viewer: the key starts with the viewer's user id and is only read
 *   after the caller was authenticated as that user (`cachedJson`);
 * - every entry names what it shows (`Dependencies`): the users and teams in it, or the whole
 *   directory (search); the server's events (`team:changed`, `advice:changed`, `user:changed`,
 *   `user:blocked`) forget every entry that shows what they name, at once;
 * - a computation that was running while anything was forgotten does not store its (possibly
 *   stale) answer: every forget moves `generation` on and `set` takes the generation the
 *   computation started in; concurrent misses of one key share one computation only within one
 *   generation;
 * - an entry lives at most `ttlMs` (a write nobody announced shows after that), and the bodies
 *   kept are bounded in bytes, oldest dropped first.
 */
export interface Dependencies {
  /** Users whose rows the answer shows (the viewer is always one). */
  users?: Iterable<number>;
  /** Teams whose rows or member lists the answer shows. */
  teams?: Iterable<number>;
  /** The answer depends on any user or team (a search): any change forgets it. */
  directory?: boolean;
}

interface Entry {
  body: Buffer;
  storedAt: number;
  viewerId: number;
  users: Set<number>;
  teams: Set<number>;
  directory: boolean;
}

interface Flight {
  generation: number;
  promise: Promise<Buffer>;
}

export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inflight = new Map<string, Flight>();
  private generation = 0;
  private bytes = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxBytes: number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** Bytes of the bodies held. */
  get heldBytes(): number {
    return this.bytes;
  }

  /** The generation to hand back to `set` once the computation it guards is done. */
  begin(): number {
    return this.generation;
  }

  get(key: string, now: number): Buffer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (now - entry.storedAt >= this.ttlMs || now < entry.storedAt) {
      this.drop(key, entry);
      return undefined;
    }
    return entry.body;
  }

  /** Stores an answer unless something was forgotten since `startedIn`. */
  set(
    key: string,
    viewerId: number,
    body: Buffer,
    deps: Dependencies,
    startedIn: number,
    now: number,
  ): void {
    if (startedIn !== this.generation || this.ttlMs <= 0 || body.length > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    const users = new Set(deps.users ?? []);
    users.add(viewerId);
    this.entries.set(key, {
      body,
      storedAt: now,
      viewerId,
      users,
      teams: new Set(deps.teams ?? []),
      directory: deps.directory === true,
    });
    this.bytes += body.length;
    // Oldest first (Map keeps insertion order): drop what is over the bound.
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(k, e);
    }
  }

  /**
   * The cached body of `key`, or the one `compute` produces (stored when nothing was forgotten
   * meanwhile). Concurrent misses of a key started in the same generation share one computation.
   */
  async getOrCompute(
    key: string,
    viewerId: number,
    now: () => number,
    compute: () => Promise<{ body: Buffer; deps: Dependencies }>,
  ): Promise<Buffer> {
    const hit = this.get(key, now());
    if (hit) return hit;
    const generation = this.generation;
    const flight = this.inflight.get(key);
    if (flight && flight.generation === generation) return flight.promise;
    const promise = compute().then(({ body, deps }) => {
      this.set(key, viewerId, body, deps, generation, now());
      return body;
    });
    const mine = { generation, promise };
    this.inflight.set(key, mine);
    try {
      return await promise;
    } finally {
      if (this.inflight.get(key) === mine) this.inflight.delete(key);
    }
  }

  /** Forgets every answer that shows one of these users (or any user: searches). */
  forgetUsers(ids: Iterable<number>): void {
    const set = new Set(ids);
    this.forget((e) => e.directory || [...set].some((id) => e.users.has(id)));
  }

  /**
   * Forgets every answer that shows one of these teams (or any team: searches), and every answer
   * of the given viewers (whose list of teams changed).
   */
  forgetTeams(teamIds: Iterable<number>, viewerIds: Iterable<number> = []): void {
    const teams = new Set(teamIds);
    const viewers = new Set(viewerIds);
    this.forget(
      (e) => e.directory || viewers.has(e.viewerId) || [...teams].some((id) => e.teams.has(id)),
    );
  }

  clear(): void {
    this.forget(() => true);
  }

  private forget(match: (e: Entry) => boolean): void {
    this.generation++;
    for (const [key, entry] of this.entries) {
      if (match(entry)) this.drop(key, entry);
    }
  }

  private drop(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.body.length;
  }
}

/** How long an answer may be reused when no event forgot it (a bound for unannounced writes). */
const RESPONSE_CACHE_TTL_MS = 30_000;
/** Bound on the bodies held (bytes); the teams list of a user in 40 teams is ~50 KB. */
const RESPONSE_CACHE_MAX_BYTES = 64 * 1024 * 1024;

const caches = new WeakMap<ServerEvents, ResponseCache | null>();

/**
 * The server's response cache (one per server: keyed by its event bus, which every plugin
 * shares), wired to the events that forget answers. None when several processes share the
 * database (REDIS_URL): they do not hear each other's events, so each call asks the database.
 */
export function responseCache(app: FastifyInstance): ResponseCache | null {
  let cache = caches.get(app.events);
  if (cache === undefined) {
    cache = app.config.redisUrl
      ? null
      : new ResponseCache(RESPONSE_CACHE_TTL_MS, RESPONSE_CACHE_MAX_BYTES);
    if (cache) {
      const c = cache;
      app.events.on('team:changed', ({ teamId, userIds }) => {
        c.forgetTeams([teamId], userIds);
      });
      // The requestor's list and the lists of the advice team's members show the conversation.
      app.events.on('advice:changed', ({ teamId, requestorId }) => {
        c.forgetTeams([teamId], [requestorId]);
      });
      // A patient list shows the viewer's cards: those of the people and teams named.
      app.events.on('cards:changed', ({ teamIds, userIds }) => {
        c.forgetTeams(teamIds, userIds);
      });
      app.events.on('user:changed', ({ userId }) => {
        c.forgetUsers([userId]);
      });
      app.events.on('user:blocked', ({ userId }) => {
        c.forgetUsers([userId]);
      });
      app.events.on('database:restored', () => {
        c.clear();
      });
    }
    caches.set(app.events, cache);
  }
  return cache;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The access rule and hook of a read answered from the response cache (`GET /filters`): spread
 * into the route's options, with `key` the same function the handler passes to `cachedJson`.
 * A hit is sent from `preValidation`, before the query is validated again and before the
 * handler: it is the body of an earlier call with the same viewer and key, which passed the
 * route's query schema (only a validated request reaches the handler, the only writer of an
 * entry) and went out through its response schema. So the key must be a function of what the
 * schema validates (the URL as sent). Only for `SELF` routes: a hit skips the `preHandler`
 * access guards, which a scoped route needs on every call.
 */
export function cacheFirst(
  app: FastifyInstance,
  key: (req: FastifyRequest) => string,
): { config: { access: typeof SELF }; preValidation: preValidationHookHandler } {
  return {
    config: { access: SELF },
    // A callback hook (no promise per call): a hit is the hot path of the read.
    preValidation: (req, reply, done) => {
      const cache = responseCache(app);
      const viewerId = callerOf(req).user.id;
      const body = cache?.get(entryKey(viewerId, key(req)), app.config.now().getTime());
      if (!body) {
        done();
        return;
      }
      void reply.type(JSON_TYPE).send(body);
    },
  };
}

const entryKey = (viewerId: number, key: string) => `${viewerId}\u0000${key}`;

/**
 * Answers a read with a JSON body from the response cache, or computes, serializes and (when
 * the cache is on) keeps it. `viewerId` must be the authenticated caller: the key is theirs.
 */
export async function cachedJson(
  app: FastifyInstance,
  reply: FastifyReply,
  viewerId: number,
  key: string,
  compute: () => Promise<{ value: unknown; deps: Dependencies }>,
): Promise<FastifyReply> {
  const cache = responseCache(app);
  const run = async () => {
    const { value, deps } = await compute();
    // Through the route's response schema, like any answer: a cached body cannot carry a
    // field the route does not declare either.
    return { body: Buffer.from(reply.serialize(value) as string), deps };
  };
  const body = cache
    ? await cache.getOrCompute(
        entryKey(viewerId, key),
        viewerId,
        () => app.config.now().getTime(),
        run,
      )
    : (await run()).body;
  // A Buffer is sent as it is: the serialisation above is the only one.
  return reply.type(JSON_TYPE).send(body);
}
