// The Node.js the project needs (package.json engines: >=22.12): vitest 5, jsdom 31 and msw 3 do
// not run on Node 20. One bootstrap for `npm start` and `npm test`.
//
// Where Node 22 comes from on a machine whose own Node is older: the `node` package pinned in the
// root devDependencies. `npm install` puts its binary in node_modules/node/bin/node and links it
// as node_modules/.bin/node, and npm puts node_modules/.bin first on the PATH of every script, so
// `npm start` and `npm test` already run on it (and so does every `#!/usr/bin/env node` tool they
// start: Nx and its workers, vitest, Playwright's webServer, `npm run -w …`). This module covers
// the rest: `node scripts/test.mjs …` typed with an older Node re-runs itself on that binary, and
// every script puts the Node it runs on first on the PATH its children inherit.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The project's own Node 22 (the `node` devDependency), once `npm install` has run. */
const projectNode = join(
  root,
  'node_modules/node/bin',
  process.platform === 'win32' ? 'node.exe' : 'node',
);
const MINIMUM = /** @type {const} */ ([22, 12]);

/**
 * @param {string} version e.g. "22.23.3"
 * @returns {boolean}
 */
function isSupported(version) {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major > MINIMUM[0] || (major === MINIMUM[0] && minor >= MINIMUM[1]);
}

/** Children that run `node` (shebangs, `npm run`, Playwright's webServer) get this same Node. */
function putThisNodeFirstOnPath() {
  const bin = dirname(process.execPath);
  const path = process.env['PATH'] ?? '';
  if (path.split(delimiter)[0] !== bin) process.env['PATH'] = `${bin}${delimiter}${path}`;
}

/**
 * Makes sure the calling script runs on Node >= 22.12. On an older Node it re-runs the script on
 * the project's Node 22 (installed by `npm install`) and never returns: this process ends with
 * the child's exit code. Without one, it exits with one line naming the command and the fix.
 * @param {string} command what the person ran, e.g. "npm start"
 * @returns {Promise<void>}
 */
export async function useProjectNode(command) {
  if (isSupported(process.versions.node)) {
    putThisNodeFirstOnPath();
    return;
  }
  if (!existsSync(projectNode) || process.env['PANDO_NODE_BOOTSTRAP'] === '1') {
    console.error(
      `${command} needs Node.js ${MINIMUM.join('.')} or newer (this is ${process.versions.node}). ` +
        'Run `npm install` first: it installs Node 22 into node_modules (the `node` dev ' +
        `dependency), which ${command} then uses.`,
    );
    process.exit(1);
  }
  const child = spawn(projectNode, process.argv.slice(1), {
    stdio: 'inherit',
    env: {
      ...process.env,
      PANDO_NODE_BOOTSTRAP: '1',
      PATH: `${dirname(projectNode)}${delimiter}${process.env['PATH'] ?? ''}`,
    },
  });
  // A signal sent to this process only (kill <pid>) reaches the real script too.
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
    process.on(signal, () => child.kill(signal));
  }
  /** @type {number} */
  const code = await new Promise((resolve) => {
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
    child.on('error', (err) => {
      console.error(`${command}: could not start ${projectNode}: ${err.message}`);
      resolve(1);
    });
  });
  process.exit(code);
}
