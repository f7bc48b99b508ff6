// `npm test`: every check of the project, in order, with a summary at the end.
// Every step runs even when an earlier one failed (so one run shows everything that is wrong);
// the exit code is non-zero when any step failed. Budget: < 15 minutes on 2 cores.
// Nx's task cache is skipped: `npm test` must really run every check, every time.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertChromium } from './chromium.mjs';
import { assertNodeVersion } from './node-version.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
assertNodeVersion('npm test');
assertChromium();

/** @type {NodeJS.ProcessEnv} */
const baseEnv = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', FORCE_COLOR: '1' };
// Without DATABASE_URL every server suite runs on the embedded PGlite; with it, the server
// suites run a second time against that PostgreSQL (step "server (PostgreSQL)").
const { DATABASE_URL, ...embeddedEnv } = baseEnv;
/** @param {string} name */
const bin = (name) => join(root, 'node_modules/.bin', name);

/** @type {{ name: string, cmd: string, args: string[], env?: NodeJS.ProcessEnv }[]} */
const steps = [
  { name: 'format', cmd: bin('prettier'), args: ['--check', '--log-level=warn', '.'] },
  { name: 'project graph', cmd: bin('nx'), args: ['graph', '--file=graph.json'] },
  { name: 'lint', cmd: bin('eslint'), args: ['--max-warnings=0', '--cache', '.'] },
  { name: 'boundaries', cmd: process.execPath, args: ['--test', 'scripts/boundaries.test.mjs'] },
  {
    name: 'typecheck',
    cmd: bin('nx'),
    args: [
      'run-many',
      '-t',
      'typecheck',
      '--parallel=2',
      '--outputStyle=static',
      '--skip-nx-cache',
    ],
  },
  { name: 'typecheck (workspace configs)', cmd: bin('tsc'), args: ['-p', 'tsconfig.json'] },
  {
    name: 'unit + component + server (PGlite)',
    cmd: bin('nx'),
    args: [
      'run-many',
      '-t',
      'test',
      '--parallel=1',
      '--outputStyle=static',
      '--exclude=e2e',
      '--skip-nx-cache',
    ],
    env: embeddedEnv,
  },
  ...(DATABASE_URL
    ? [
        {
          name: 'server (PostgreSQL)',
          cmd: 'npm',
          args: ['run', 'test', '-w', '@pando/server'],
          env: { ...baseEnv, DATABASE_URL },
        },
      ]
    : []),
  {
    name: 'stories (Chromium + axe)',
    cmd: bin('vitest'),
    args: ['run', '--project=storybook', '--project=storybook-dark'],
  },
  {
    name: 'build (web, demo, server)',
    cmd: bin('nx'),
    args: [
      'run-many',
      '-t',
      'build',
      '-p',
      'web',
      'demo',
      'server',
      '--outputStyle=static',
      '--skip-nx-cache',
    ],
  },
  {
    name: 'contract (MSW vs server)',
    cmd: 'npm',
    args: ['run', 'test:contract', '-w', '@pando/e2e'],
  },
  {
    name: 'chat client (real server)',
    cmd: 'npm',
    args: ['run', 'test:chat-client', '-w', '@pando/e2e'],
    env: embeddedEnv,
  },
  {
    name: 'e2e (Playwright)',
    cmd: 'npm',
    args: ['run', 'test', '-w', '@pando/e2e'],
    env: embeddedEnv,
  },
];

const only = process.argv.slice(2);
const results = [];
for (const step of steps) {
  if (only.length && !only.some((o) => step.name.startsWith(o))) continue;
  console.log(`\n\x1b[1m▶ ${step.name}\x1b[0m`);
  const started = Date.now();
  const run = spawnSync(step.cmd, step.args, {
    cwd: root,
    stdio: 'inherit',
    env: step.env ?? baseEnv,
  });
  const seconds = (Date.now() - started) / 1000;
  results.push({ name: step.name, ok: run.status === 0, seconds });
}

const width = Math.max(...results.map((r) => r.name.length));
console.log('\n\x1b[1mnpm test summary\x1b[0m');
for (const r of results) {
  const mark = r.ok ? '\x1b[32mpass\x1b[0m' : '\x1b[31mFAIL\x1b[0m';
  console.log(`  ${mark}  ${r.name.padEnd(width)}  ${r.seconds.toFixed(1).padStart(6)} s`);
}
const failed = results.filter((r) => !r.ok).length;
const total = results.reduce((s, r) => s + r.seconds, 0);
console.log(`  total ${(total / 60).toFixed(1)} min`);
console.log(`Steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
