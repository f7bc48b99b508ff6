// The smoke page as a production build: `vite build` with serverInBrowser() (the repo's vite),
// served by `vite preview` (smokeSuite.ts has the checks).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, preview } from 'vite';
import { describeSmokePage, mswWorkerFile, SMOKE_ROOT } from './smokeSuite.js';
import { serverInBrowser } from './vitePlugin.js';

describeSmokePage('a production build', async () => {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-in-browser-'));
  await build({
    root: SMOKE_ROOT,
    configFile: false,
    // PGlite's direct evals and the large chunk are known; errors still fail the build.
    logLevel: 'error',
    plugins: [...serverInBrowser(), mswWorkerFile()],
    build: { outDir, emptyOutDir: true, target: 'esnext', reportCompressedSize: false },
  });
  const server = await preview({
    root: SMOKE_ROOT,
    configFile: false,
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port: 0 },
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview has no local URL');
  return {
    url,
    async close() {
      await server.close();
      fs.rmSync(outDir, { recursive: true, force: true });
    },
  };
});
