// The smoke page on the dev server, as `storybook dev` and vitest's browser mode serve a page:
// the server's own modules through the plugin pipeline, Fastify & co. pre-bundled by the
// dependency optimizer, from an empty cache (smokeSuite.ts has the checks).
import fs from 'node:fs';
import path from 'node:path';
import { createServer } from 'vite';
import { describeSmokePage, mswWorkerFile, SMOKE_ROOT } from './smokeSuite.js';
import { serverInBrowser } from './vitePlugin.js';

describeSmokePage('the dev server', async () => {
  // Under the repository's node_modules: the pre-bundled files import the polyfills by name.
  const cacheDir = path.resolve(
    SMOKE_ROOT,
    `../../../../node_modules/.vite/server-in-browser-${String(process.pid)}`,
  );
  const server = await createServer({
    root: SMOKE_ROOT,
    configFile: false,
    logLevel: 'error',
    cacheDir,
    plugins: [...serverInBrowser(), mswWorkerFile()],
    server: { host: '127.0.0.1', port: 0, hmr: false },
  });
  await server.listen();
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('the vite dev server has no local URL');
  return {
    url,
    async close() {
      await server.close();
      fs.rmSync(cacheDir, { recursive: true, force: true });
    },
  };
});
