import type { FastifyInstance } from 'fastify';
import { buildServer } from '../app.js';
import type { Config } from '../config.js';
import type { RollbackDatabase } from './rollbackDatabase.js';

/**
 * The server without a socket: the same routes, schemas, access rules, audit trail and seed as
 * `npm start`, answering `Request`s through Fastify's `inject` (light-my-request). What the
 * Storybook stories, the client tests and the demo run on (issue 38; README.md in this folder).
 */
/** An answer as plain parts: a page's `Response` would drop its `Set-Cookie` headers. */
export interface EmbeddedAnswer {
  status: number;
  headers: Headers;
  body: Uint8Array<ArrayBuffer> | null;
}

export interface EmbeddedServer {
  readonly app: FastifyInstance;
  /**
   * Answers one request as the listening server would. `cookie`: the Cookie header to send (a
   * page's `Request` cannot carry one; MSW hands its handlers the page's cookies).
   */
  answer(request: Request, cookie?: string): Promise<EmbeddedAnswer>;
  /** `answer` as a `Response` (in Node; a page's drops the `Set-Cookie` headers). */
  fetch(request: Request): Promise<Response>;
  /**
   * Back to the state the server started in: the rows and sequences (the database's `reset`) and
   * what the server keeps in memory from them (the `database:restored` event). Call it between
   * tests, when no request is running.
   */
  reset(): Promise<void>;
  /**
   * Makes the state now the one `reset` returns to (e.g. after signing in the people a set of
   * stories uses, so each story costs a reset, not a login). Call it when no request is running.
   */
  keep(): Promise<void>;
  close(): Promise<void>;
}

/** Statuses whose response has no body (a `Response` refuses one). */
const NO_BODY = new Set([101, 204, 205, 304]);

export async function startEmbeddedServer(
  db: RollbackDatabase,
  config: Config,
): Promise<EmbeddedServer> {
  const app = await buildServer(config, { db });
  await app.ready();
  // What the server wrote while starting (its chat rooms, synced from the teams) is the state
  // every reset returns to.
  await app.audit.flush();
  await db.keep();
  const answer = async (request: Request, cookie?: string): Promise<EmbeddedAnswer> => {
    const url = new URL(request.url);
    // The page's own host (a browser never lets a script set Host): the Origin checks compare
    // a write's Origin with it, as they do behind a socket.
    const headers: Record<string, string> = { host: url.host };
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    if (cookie) headers['cookie'] = cookie;
    const body =
      request.method === 'GET' || request.method === 'HEAD'
        ? undefined
        : new Uint8Array(await request.arrayBuffer());
    const res = await app.inject({
      method: request.method as 'GET',
      url: url.pathname + url.search,
      headers,
      ...(body && body.length > 0 ? { payload: Buffer.from(body) } : {}),
    });
    const out = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [String(value)]) out.append(name, v);
    }
    return {
      status: res.statusCode,
      headers: out,
      body: NO_BODY.has(res.statusCode) ? null : new Uint8Array(res.rawPayload),
    };
  };
  return {
    app,
    answer,
    async fetch(request) {
      const { status, headers, body } = await answer(request);
      return new Response(body, { status, headers });
    },
    async reset() {
      // The audit trail's queue belongs to the test that made it: written, then undone with it.
      await app.audit.flush();
      await db.reset();
      app.events.emit('database:restored');
    },
    async keep() {
      await app.audit.flush();
      await db.keep();
    },
    async close() {
      await app.close();
      await db.close();
    },
  };
}
