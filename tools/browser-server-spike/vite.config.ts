import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { nodePolyfills } from 'vite-plugin-node-polyfills';

const here = import.meta.dirname;
const stub = (f: string) => path.join(here, 'stubs', f);

/** Bare specifiers (node built-ins and server deps) replaced by files in ./stubs. */
const BARE: Record<string, string> = {
  http: stub('http.js'), https: stub('http.js'), http2: stub('http.js'),
  diagnostics_channel: stub('diagnostics_channel.js'),
  async_hooks: stub('async_hooks.js'),
  crypto: stub('crypto.js'),
  fs: stub('fs.js'), 'fs/promises': stub('fs-promises.js'),
  net: stub('net.js'),
  url: stub('url.js'),
  module: stub('module.js'),
  zlib: stub('zlib.js'),
  worker_threads: stub('worker_threads.js'),
  perf_hooks: stub('perf_hooks.js'),
  dns: stub('dns.js'),
  pg: stub('pg.js'),
  ws: stub('ws.js'),
  sharp: stub('sharp.js'),
  ioredis: stub('ioredis.js'),
  nodemailer: stub('nodemailer.js'),
  '@fastify/static': stub('fastify-static.js'),
  pino: stub('pino.cjs'),
  // one Buffer class everywhere (the polyfill's global one), so buffer-shim.ts patches all uses
  buffer: path.join(here, 'node_modules/vite-plugin-node-polyfills/shims/buffer/dist/index.js'),
  'stream/promises': stub('stream-promises.js'),
  stream: path.join(here, 'node_modules/stream-browserify/index.js'),
};
/** Server source files replaced by stubs (matched on the resolved path). */
const FILES: Record<string, string> = {
  'apps/server/src/db/pgliteThread.ts': stub('pgliteThread.js'),
};

function stubs(): Plugin {
  return {
    name: 'spike-stubs',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const bare = source.startsWith('node:') ? source.slice(5) : source;
      if (BARE[bare]) return BARE[bare];
      // The polyfill plugin's injected shims, imported from files outside this folder.
      if (source.startsWith('vite-plugin-node-polyfills/') && !importer?.startsWith(here))
        return this.resolve(source, path.join(here, 'index.html'), { ...options, skipSelf: true });
      if (source.startsWith('.') && importer?.includes('/apps/server/src/')) {
        const r = await this.resolve(source, importer, { ...options, skipSelf: true });
        for (const [suffix, target] of Object.entries(FILES)) if (r?.id.endsWith(suffix)) return target;
        return r;
      }
      return null;
    },
  };
}

export default defineConfig({
  root: here,
  plugins: [
    stubs(),
    nodePolyfills({ exclude: ['fs', 'http', 'https', 'http2', 'crypto', 'net', 'url', 'module', 'zlib', 'worker_threads', 'perf_hooks', 'dns', 'async_hooks', 'diagnostics_channel', 'stream'] as never, globals: { Buffer: true, global: true, process: true }, protocolImports: true }),
  ],
  resolve: { alias: [{ find: /^(node:)?stream\/promises$/, replacement: stub('stream-promises.js') }] },
  build: { target: 'esnext', outDir: 'dist', sourcemap: false, minify: true, chunkSizeWarningLimit: 100000, reportCompressedSize: true },
  optimizeDeps: { exclude: ['@electric-sql/pglite'] },
  worker: { format: 'es' },
});
