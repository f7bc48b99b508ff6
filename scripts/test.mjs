// `npm test`: every check of the project, in order, with a summary at the end.
// Every step runs even when an earlier one failed (so one run shows everything that is wrong);
// the exit code is non-zero when any step failed. Budget: < 25 minutes on 2 cores (issue 17).
// Nx's task cache is skipped: `npm test` must really run every check, every time.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertChromium } from './chromium.mjs';
import { useProjectNode } from './node-version.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
await useProjectNode('npm test');
assertChromium();

/** @type {NodeJS.ProcessEnv} */
const baseEnv = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', FORCE_COLOR: '1' };
// Without DATABASE_URL every server suite runs on the embedded PGlite; with it, they run against
// that PostgreSQL instead (step "server (PostgreSQL)", beside ESLint; what else still runs on
// PGlite: suitesThatDifferByDatabase below).
// REDIS_URL (set by .ci/run when Redis answers) belongs to that step too: every other step runs
// single servers, as `npm start` does. Inherited by the e2e step's two servers, it joined them into
// one chat cluster over Redis, so alice's tab on one server heard bob's markers on the other (the
// two-server e2e failures of 2026-11-24), and it put Redis between the chat-client suite's sends
// and deliveries.
const { DATABASE_URL, REDIS_URL, ...embeddedEnv } = baseEnv;

/**
 * With DATABASE_URL, the server suites that also run on PGlite: every one whose source reads
 * process.env.DATABASE_URL to choose what it checks (the embedded database's durability settings
 * and DATA_DIR lock, crash recovery, the audit verifier on a data directory). PGlite stays tested
 * beside them: the suites of its own layer (pgliteThread, pgliteStatements, checkpointer,
 * statistics) open PGlite whatever DATABASE_URL says, and the contract, chat client and e2e steps
 * run the real server on PGlite, as `npm start` does. Running all the other server suites on both
 * was ~140 of the ~1,800 seconds of a CI run, for the same SQL on the same PostgreSQL 17 engine
 * (2026-11-28).
 */
const suitesThatDifferByDatabase = DATABASE_URL
  ? readdirSync(join(root, 'apps/server/src'), { recursive: true, encoding: 'utf8' })
      .map((file) => join('src', file))
      .filter((file) => file.endsWith('.test.ts'))
      .filter((file) =>
        /process\.env(\.DATABASE_URL|\[['"]DATABASE_URL['"]\])/.test(
          readFileSync(join(root, 'apps/server', file), 'utf8'),
        ),
      )
      .sort()
  : [];

/** @param {string} name */
const bin = (name) => join(root, 'node_modules/.bin', name);

/**
 * Steps with the same `together` tag run at the same time (their output is printed as each
 * ends): ESLint uses one core, so the format check, the graph and the PostgreSQL pass of the server suites
 * share the other instead of waiting (saves ~2 of the 15 minutes on 2 cores).
 * @typedef {{ name: string, cmd: string, args: string[], env?: NodeJS.ProcessEnv, together?: string }} Step
 * @type {Step[]}
 */
const steps = [
  // Type-aware rules over the whole workspace outgrew Node's default heap (~4 GB: out of memory in
  // the clean-clone run once the admin console and smart forms landed); the machines have 24 GiB.
  {
    name: 'lint',
    cmd: bin('eslint'),
    args: ['--max-warnings=0', '--cache', '.'],
    env: {
      ...embeddedEnv,
      NODE_OPTIONS: `${embeddedEnv.NODE_OPTIONS ?? ''} --max-old-space-size=8192`.trim(),
    },
    together: 'a',
  },
  {
    name: 'format',
    cmd: bin('prettier'),
    args: ['--check', '--log-level=warn', '.'],
    together: 'a',
  },
  { name: 'project graph', cmd: bin('nx'), args: ['graph', '--file=graph.json'], together: 'a' },
  // Unused files, exports and dependencies (knip.jsonc: its allow-list names what each entry waits for).
  { name: 'knip (unused code)', cmd: bin('knip'), args: ['--no-progress'], together: 'a' },
  // The same on what ships only (knip.jsonc: `!` patterns): code only a test calls is reported.
  {
    name: 'knip --production (code only tests call)',
    cmd: bin('knip'),
    args: ['--production', '--no-progress'],
    together: 'a',
  },
  ...(DATABASE_URL
    ? [
        {
          name: 'server (PostgreSQL)',
          cmd: 'npm',
          args: ['run', 'test', '-w', '@pando/server'],
          // Two test files at a time (each has a database of its own, cloned from a template):
          // with one, ESLint ended at 201 s and this pass ran alone on one core until 318 s;
          // with two, 129 s alone instead of 242 (2026-11-28).
          env: {
            ...embeddedEnv,
            DATABASE_URL,
            ...(REDIS_URL ? { REDIS_URL } : {}),
            SERVER_TEST_WORKERS: embeddedEnv.SERVER_TEST_WORKERS ?? '2',
          },
          together: 'a',
        },
      ]
    : []),
  // Not beside ESLint: it writes probe files into libs/ that a running ESLint would pick up.
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
    name: DATABASE_URL ? 'unit + component' : 'unit + component + server (PGlite)',
    cmd: bin('nx'),
    args: [
      'run-many',
      '-t',
      'test',
      '--parallel=1',
      '--outputStyle=static',
      // With DATABASE_URL the server suites run on PostgreSQL in their own step (see the top).
      DATABASE_URL ? '--exclude=e2e,server' : '--exclude=e2e',
      '--skip-nx-cache',
    ],
    env: embeddedEnv,
  },
  ...(DATABASE_URL
    ? [
        {
          name: 'server (PGlite: the suites that differ by database)',
          cmd: 'npm',
          args: ['run', 'test', '-w', '@pando/server', '--', ...suitesThatDifferByDatabase],
          env: embeddedEnv,
        },
      ]
    : []),
  {
    name: 'stories (Chromium + axe)',
    cmd: bin('vitest'),
    args: [
      'run',
      '--project=storybook',
      '--project=storybook-dark',
      '--project=storybook-phone',
      '--project=storybook-tablet',
    ],
  },
  // Builds the static Storybook (output shown only on failure, time printed) and checks what
  // designers get: a Docs page per ui component with a filled props table.
  {
    name: 'storybook docs (build + props tables)',
    cmd: process.execPath,
    args: ['--test', '--test-reporter=spec', 'scripts/storybook-docs.test.mjs'],
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
  // Size, not speed (deterministic): the login route's JavaScript within its 100 KB gzip.
  {
    name: 'login route size (≤ 100 KB gzip)',
    cmd: process.execPath,
    args: ['bench/web/bundleSize.mjs', '--check'],
  },
  {
    name: 'contract (the server embedded and listening)',
    cmd: 'npm',
    args: ['run', 'test:contract', '-w', '@pando/e2e'],
  },
  // The server bundled for a page (apps/server/browser: the demo and Storybook are to run on it),
  // in Chromium, built and in vite's dev mode; ~40 s.
  {
    name: 'server in a page (Chromium)',
    cmd: bin('vitest'),
    args: ['run', '--config', 'apps/server/browser/vitest.config.ts'],
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

/**
 * Runs one step; with `capture`, its output is returned instead of streamed (parallel steps).
 * @param {Step} step
 * @param {boolean} capture
 * @returns {Promise<{ ok: boolean, seconds: number, output: string }>}
 */
function runStep(step, capture) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(step.cmd, step.args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: step.env ?? embeddedEnv,
    });
    /** @type {Buffer[]} */
    const chunks = [];
    // Streamed steps are still kept, so a failure's lines can be repeated in the summary.
    /** @param {Buffer} c @param {NodeJS.WriteStream} out */
    const keep = (c, out) => {
      chunks.push(c);
      if (!capture) out.write(c);
    };
    child.stdout?.on('data', (c) => keep(c, process.stdout));
    child.stderr?.on('data', (c) => keep(c, process.stderr));
    const done = (/** @type {boolean} */ ok) =>
      resolve({
        ok,
        seconds: (Date.now() - started) / 1000,
        output: Buffer.concat(chunks).toString(),
      });
    child.on('error', (err) => {
      chunks.push(Buffer.from(String(err)));
      done(false);
    });
    child.on('close', (code) => done(code === 0));
  });
}

const only = process.argv.slice(2);
const selected = steps.filter((step) => !only.length || only.some((o) => step.name.startsWith(o)));
/** @type {{ name: string, ok: boolean, seconds: number, output: string }[]} */
const results = [];
const startedAll = Date.now();
for (let i = 0; i < selected.length;) {
  const step = /** @type {Step} */ (selected[i]);
  // A step and the ones right after it with the same `together` tag.
  let end = i + 1;
  while (step.together && end < selected.length && selected[end]?.together === step.together) end++;
  const group = selected.slice(i, end);
  if (group.length === 1) {
    console.log(`\n\x1b[1m▶ ${step.name}\x1b[0m`);
    const r = await runStep(step, false);
    results.push({ name: step.name, ok: r.ok, seconds: r.seconds, output: r.output });
  } else {
    console.log(`\n\x1b[1m▶ ${group.map((s) => s.name).join(', ')} (at the same time)\x1b[0m`);
    const done = await Promise.all(
      group.map(async (s) => {
        const r = await runStep(s, true);
        console.log(
          `\n\x1b[1m▶ ${s.name}\x1b[0m (${r.ok ? 'pass' : 'FAIL'}, ${r.seconds.toFixed(1)} s)`,
        );
        process.stdout.write(r.output);
        return { name: s.name, ok: r.ok, seconds: r.seconds, output: r.output };
      }),
    );
    results.push(...done);
  }
  i = end;
}

/**
 * The lines of a failed step that say what failed (test runners' failure marks, errors), so the
 * last screen of a CI log names the failing test even when the step printed thousands of lines.
 * @param {string} output
 */
function failureDigest(output) {
  // eslint-disable-next-line no-control-regex -- ANSI colour codes
  const plain = output.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const marks =
    /(FAIL|✗|✘|×|Error:|AssertionError|Timed out|\d+\) \[|failed|Unable to|\[warn\]|\d+:\d+\s+error\s)/;
  const lines = [...new Set(plain.filter((l) => marks.test(l)).map((l) => l.trimEnd()))];
  return lines.slice(0, 40).map((l) => (l.length > 300 ? `${l.slice(0, 300)}…` : l));
}

for (const r of results.filter((x) => !x.ok)) {
  console.log(`\n\x1b[1mwhat failed in ${r.name}\x1b[0m`);
  for (const line of failureDigest(r.output)) console.log(`  ${line}`);
}

const width = Math.max(...results.map((r) => r.name.length));
console.log('\n\x1b[1mnpm test summary\x1b[0m');
for (const r of results) {
  const mark = r.ok ? '\x1b[32mpass\x1b[0m' : '\x1b[31mFAIL\x1b[0m';
  console.log(`  ${mark}  ${r.name.padEnd(width)}  ${r.seconds.toFixed(1).padStart(6)} s`);
}
const failed = results.filter((r) => !r.ok).length;
const total = (Date.now() - startedAll) / 1000;
console.log(`  total ${(total / 60).toFixed(1)} min (wall clock; some steps ran at the same time)`);
console.log(`Steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
