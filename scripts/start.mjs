// `npm start`: build what is missing, then run the server (which serves the web app) on PORT.
// Kept dependency-free so it works right after `npm install` on a fresh machine.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, statSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../apps/server/nodeFlags.mjs';
import { useProjectNode } from './node-version.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
await useProjectNode('npm start');

/**
 * Newest modification time of a file, or under a folder (sources), to rebuild only when something changed.
 * @param {string} dir
 * @returns {number}
 */
function newest(dir) {
  let latest = 0;
  if (!existsSync(dir)) return latest;
  if (!statSync(dir).isDirectory()) return statSync(dir).mtimeMs;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

/**
 * @param {string} workspace npm workspace to build
 * @param {string} output a file the build writes
 * @param {string[]} sources folders whose changes make the output stale
 */
function buildIfStale(workspace, output, sources) {
  const out = join(root, output);
  const stale =
    !existsSync(out) ||
    process.env.PANDO_REBUILD === '1' ||
    Math.max(...sources.map((s) => newest(join(root, s)))) > statSync(out).mtimeMs;
  if (!stale) return;
  console.log(`Building ${workspace}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

buildIfStale('@pando/web', 'apps/web/dist/index.html', [
  'apps/web/src',
  'apps/web/index.html',
  'libs/domain/src',
  'libs/data-access/src',
  'libs/ui/src',
  'libs/features/src',
]);
buildIfStale('@pando/server', 'apps/server/dist/main.js', ['apps/server/src', 'libs/domain/src']);

// The server binary alone is a production server (no demo seed, no dev mailbox, no login codes
// in its log); `npm start` is the local development mode unless NODE_ENV says otherwise.
const server = spawn(
  process.execPath,
  [...SERVER_NODE_FLAGS, join(root, 'apps/server/dist/main.js')],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: process.env.NODE_ENV || 'development' },
  },
);
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
