// Bundles src/main.ts to dist/main.js, and the embedded database's thread (src/db/pgliteWorker.ts)
// beside it as dist/main.pglite-worker.js: the server finds it by its own name
// (src/db/pgliteThread.ts). Our workspace packages (@pando/*) are bundled (they are
// TypeScript sources); every npm dependency stays external and is loaded from node_modules.
// esbuild's `packages: 'external'` would also externalise the workspace links, hence the list.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = JSON.parse(readFileSync(path.join(here, '../../package.json'), 'utf8')) as {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};
const external = Object.keys({
  ...(root.dependencies ?? {}),
  ...(root.devDependencies ?? {}),
}).flatMap((name) => [name, `${name}/*`]);

/**
 * Bundles the server into `outfile` (tests bundle into dist/ too: migrations are found from
 * there). Returns every file written, so a test can remove them.
 */
export async function bundleServer(outfile = path.join(here, 'dist/main.js')): Promise<string[]> {
  if (!outfile.endsWith('.js')) throw new Error(`bundleServer: ${outfile} must end in .js`);
  const name = path.basename(outfile, '.js');
  await build({
    entryPoints: {
      [name]: path.join(here, 'src/main.ts'),
      [`${name}.pglite-worker`]: path.join(here, 'src/db/pgliteWorker.ts'),
    },
    outdir: path.dirname(outfile),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    sourcemap: true,
    external,
    // Lets bundled CommonJS helpers call require() inside the ESM output.
    banner: {
      js: "import { createRequire as __pandoCreateRequire } from 'node:module'; const require = __pandoCreateRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  const worker = path.join(path.dirname(outfile), `${name}.pglite-worker.js`);
  return [outfile, `${outfile}.map`, worker, `${worker}.map`];
}

if (
  process.argv[1] !== undefined &&
  path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
) {
  await bundleServer();
  console.log('built apps/server/dist/main.js');
}
