import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { loadConfig } from '../config.js';
import { type EmbeddedServer, startEmbeddedServer } from '../embedded/embeddedServer.js';
import { holdForRollback } from '../embedded/rollbackDatabase.js';
import { createTestDataDir } from './testDb.js';
import { loginThrough } from './testServer.js';

/** The origin the embedded server's requests claim by default (no socket: any name works). */
export const EMBEDDED_ORIGIN = 'http://pando.embedded.test';

export interface EmbeddedTestServer extends EmbeddedServer {
  /** Where the server believes it runs (its PUBLIC_URL: the Origin a write must carry). */
  origin: string;
  /** `fetch` of a URL on `origin`, answered by the embedded server. */
  request(input: string, init?: RequestInit): Promise<Response>;
  /** The dev login through the embedded server: a Cookie header and the access token. */
  login(email: string): Promise<{ cookie: string; accessToken: string }>;
}

/**
 * The embedded server in Node, on an in-process PGlite copied from the demo-seeded template
 * (testDb.ts), held for rollback: `reset()` between tests puts the seed back in ~1 ms.
 */
export async function startEmbeddedTestServer(
  origin = EMBEDDED_ORIGIN,
): Promise<EmbeddedTestServer> {
  nodeTypedArrays();
  const dataDir = await createTestDataDir({ seed: true });
  const client = await PGlite.create({
    dataDir: path.join(dataDir, 'pglite'),
    extensions: { pg_trgm },
  });
  const db = await holdForRollback(client);
  const config = loadConfig(
    { NODE_ENV: 'test' },
    {
      logLevel: 'silent',
      loginRateLimitPerEmail: 1000,
      loginRateLimitPerIp: 100_000,
      webDistDir: '/nonexistent-web-dist',
      publicUrl: origin,
    },
  );
  const server = await startEmbeddedServer(db, config);
  const request = (input: string, init?: RequestInit) =>
    server.fetch(new Request(new URL(input, origin), init));
  return {
    ...server,
    origin,
    request,
    login: (email) => loginThrough(request, origin, email),
  };
}

/**
 * In a jsdom test Vitest puts jsdom's typed-array constructors on the global object, and the
 * server, which runs in Node's realm, no longer recognises Node's own bytes: Fastify sent a
 * cached Buffer through the JSON serialiser (`payload.buffer instanceof ArrayBuffer`) and PGlite
 * refused a bytea parameter (`instanceof Uint8Array`), both 500s. Node's two go back on the
 * global object, as Vitest's node environment does (Node's TextEncoder makes them anyway).
 */
function nodeTypedArrays(): void {
  const NodeUint8Array = (Object.getPrototypeOf(Buffer.prototype) as object).constructor;
  const NodeArrayBuffer = Buffer.alloc(0).buffer.constructor;
  if (globalThis.Uint8Array !== NodeUint8Array)
    Object.assign(globalThis, { Uint8Array: NodeUint8Array });
  if (globalThis.ArrayBuffer !== NodeArrayBuffer)
    Object.assign(globalThis, { ArrayBuffer: NodeArrayBuffer });
}
