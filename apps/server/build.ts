// Bundles src/main.ts to dist/main.js. Our workspace packages (@pando/*) are bundled (they are
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

/** Bundles the server into `outfile` (tests bundle into dist/ too: migrations are found from there). */
export async function bundleServer(outfile = path.join(here, 'dist/main.js')): Promise<void> {
  await build({
    entryPoints: [path.join(here, 'src/main.ts')],
    outfile,
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
}

if (
  process.argv[1] !== undefined &&
  path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
) {
  await bundleServer();
  console.log('built apps/server/dist/main.js');
}
