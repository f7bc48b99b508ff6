// A vite plugin that lets a page bundle apps/server (issue 38): the real Fastify server, its
// routes, schemas, access rules and seed, answering `app.inject()` on an in-page PGlite. It
// replaces what a browser cannot run with stand-ins of ours (./shims, one file each, each saying
// who needs it and what it covers) and fills in the rest of Node's built-ins with
// vite-plugin-node-polyfills. README.md beside this file lists every replacement and how to use it.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { nodePolyfills } from 'vite-plugin-node-polyfills';
import { seededDumpPlugin } from './seededDump.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SHIMS = path.join(HERE, 'shims');
const SERVER_SRC = path.resolve(HERE, '../src');

/**
 * Node built-ins the server reaches, replaced by our own shims rather than the generic polyfills:
 * either the server needs something they lack (a synchronous SHA-256, base64url, a ServerResponse
 * light-my-request can inherit from, BlockList) or they would bundle a lot for a path that a page
 * never takes (crypto-browserify, browserify-zlib, stream-http).
 */
const BUILTINS: Record<string, string> = {
  async_hooks: 'asyncHooks.ts',
  buffer: 'buffer.ts',
  crypto: 'crypto.ts',
  diagnostics_channel: 'diagnosticsChannel.ts',
  dns: 'dns.ts',
  fs: 'fs.ts',
  'fs/promises': 'fsPromises.ts',
  http: 'http.ts',
  http2: 'http.ts',
  https: 'http.ts',
  module: 'module.ts',
  net: 'net.ts',
  perf_hooks: 'perfHooks.ts',
  process: 'process.ts',
  'stream/promises': 'streamPromises.ts',
  url: 'url.ts',
  worker_threads: 'workerThreads.ts',
  zlib: 'zlib.ts',
};

/** Server-only packages: sockets, native code, or the Node build of a package. */
const PACKAGES: Record<string, string> = {
  '@fastify/static': 'fastifyStatic.ts',
  ioredis: 'ioredis.ts',
  nodemailer: 'nodemailer.ts',
  pg: 'pg.ts',
  sharp: 'sharp.ts',
  ws: 'ws.ts',
};

/** Modules of apps/server/src replaced as a whole: PGlite in a Node worker thread. */
const SERVER_MODULES: Record<string, string> = {
  [path.join(SERVER_SRC, 'db/pgliteThread.ts')]: 'pgliteThread.ts',
  [path.join(SERVER_SRC, 'db/pgliteWorker.ts')]: 'pgliteThread.ts',
};

/**
 * The polyfill plugin's own Buffer and process (what it injects for the globals). Sent to our
 * buffer.ts and process.ts, which import them and add what they lack, so that the globals and
 * every `import … from 'buffer'` share one patched copy.
 */
const POLYFILL_GLOBALS: Record<string, string> = {
  'vite-plugin-node-polyfills/shims/buffer': 'buffer.ts',
  'vite-plugin-node-polyfills/shims/process': 'process.ts',
};

/** Polyfilled modules that are ours instead (the polyfill plugin must not alias them first). */
const NOT_POLYFILLED = [
  'buffer',
  'crypto',
  'dns',
  'fs',
  'http',
  'http2',
  'https',
  'module',
  'net',
  'process',
  'url',
  'zlib',
] as const;

/**
 * pino's browser build (which the `browser` field would pick anyway) lacks `pino.symbols`, which
 * Fastify's logger reads at load. A CommonJS module of our own, since Fastify `require`s pino and
 * needs the function itself.
 */
const PINO_ID = '\0server-in-browser:pino';
const pinoBrowser = createRequire(createRequire(import.meta.url).resolve('fastify')).resolve(
  'pino/browser.js',
);
const PINO_CODE = `const pino = require(${JSON.stringify(pinoBrowser)});
pino.symbols = { serializersSym: Symbol.for('pino.serializers') };
module.exports = pino;
`;

/** Run ahead of every server module (Number#unref, setImmediate: shims/runtime.ts). */
const RUNTIME = path.join(SHIMS, 'runtime.ts');

function shimFor(source: string, importer: string | undefined): string | undefined {
  const bare = source.startsWith('node:') ? source.slice('node:'.length) : source;
  const file = BUILTINS[bare] ?? PACKAGES[source];
  if (file) return path.join(SHIMS, file);
  const global = POLYFILL_GLOBALS[source];
  // Our buffer.ts and process.ts import the polyfill's own.
  if (global && importer !== path.join(SHIMS, global)) return path.join(SHIMS, global);
  return undefined;
}

function isServerModule(id: string): boolean {
  return id.startsWith(SERVER_SRC + path.sep) && /\.tsx?$/.test(id);
}

/**
 * The plugins to add to a vite config (`plugins: [...serverInBrowser()]`) for a page that imports
 * apps/server's modules (buildServer, seedDatabase, loadConfig, …). The page opens its own PGlite
 * and passes it to buildServer as `{ db }`; see smoke/main.ts.
 */
export function serverInBrowser(): Plugin[] {
  const stubs: Plugin = {
    name: 'pando:server-in-browser',
    enforce: 'pre',
    config: {
      // After the polyfill plugin's: a later alias is tried first, and its alias of `stream` to
      // stream-browserify would also take `stream/promises` (an alias takes the paths below it).
      order: 'post',
      handler: () => ({
        resolve: {
          alias: [
            {
              find: /^(node:)?stream\/promises$/,
              replacement: path.join(SHIMS, BUILTINS['stream/promises'] ?? ''),
            },
          ],
        },
        optimizeDeps: {
          // PGlite loads its wasm and data files relative to its own module; pre-bundling would
          // move it away from them. The polyfill's Buffer and process are imported by our
          // shims, which the dev banner imports in turn: pre-bundled, they would import themselves.
          exclude: ['@electric-sql/pglite', ...Object.keys(POLYFILL_GLOBALS)],
          // Imported only by our shims, which the optimizer's scan does not reach: found late,
          // they would make vite reload the page once.
          include: ['stream', 'util'],
          // Dev mode: the dependency optimizer bundles Fastify & co. outside this pipeline.
          rolldownOptions: {
            plugins: [
              {
                name: 'pando:server-in-browser:optimizer',
                resolveId: (source: string, importer: string | undefined) =>
                  source === 'pino' ? PINO_ID : shimFor(source, importer),
                load: (id: string) => (id === PINO_ID ? PINO_CODE : undefined),
              },
            ],
          },
        },
      }),
    },
    resolveId(source, importer) {
      if (source === 'pino') return PINO_ID;
      const shim = shimFor(source, importer);
      if (shim) return shim;
      if (importer && isServerModule(importer) && source.startsWith('.')) {
        // The server imports its own modules as './x.js' (they are .ts files).
        const target = path.resolve(path.dirname(importer), source).replace(/\.js$/, '.ts');
        const replaced = SERVER_MODULES[target];
        if (replaced) return path.join(SHIMS, replaced);
      }
      return undefined;
    },
    load(id) {
      return id === PINO_ID ? PINO_CODE : undefined;
    },
    transform(code, id) {
      if (!isServerModule(id)) return undefined;
      // On the first line, so the source map's lines stay where they were.
      return { code: `import ${JSON.stringify(RUNTIME)};${code}`, map: null };
    },
  };
  return [
    stubs,
    seededDumpPlugin(),
    ...nodePolyfills({
      exclude: [...NOT_POLYFILLED],
      globals: { Buffer: true, global: true, process: true },
      protocolImports: true,
    }),
  ];
}
