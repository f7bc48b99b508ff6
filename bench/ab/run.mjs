// A/B benchmark harness: the same benchmark scripts (this checkout's) measure a base commit and
// this checkout in ONE run, interleaved A, B, A, B…, so both see the same machine. For each figure
// it prints base, head, head/base and whether that is better or worse, and the load average
// before each pair. Usage (bench/README.md):
//
//   npm run bench:ab -w @pando/bench -- [suites] [--base=<rev>] [--pairs=<n>]
//
// suites: api, chat, ui, bundle, chatlist (default: all). --base: the commit before issues 15/16
// (fca0a0d) unless BENCH_AB_BASE or --base say otherwise. --pairs (BENCH_AB_PAIRS, default 3): A/B
// pairs per suite. Each script keeps its own knobs (BENCH_RUNS, BENCH_CPU_RATES, BENCH_API_SECONDS…),
// passed through; BENCH_CHAT_ARGS adds options to bench/chat/run.ts (e.g. "--quick --no-max-rate").
//
// The base is a `git worktree` outside the repository, BENCH_AB_DIR/<sha> (default
// /tmp/pando-ab/<sha>), with its own `npm ci` (cached: done again only when its lock file
// changes); its builds are cached too. The head is this working tree as it is (uncommitted
// changes included: the output says so); its builds are redone on every run.
// The figures mean something only on an idle machine: the harness refuses to start when the
// 1-minute load average is 0.5 or more, unless BENCH_ALLOW_LOAD=1 (then every loaded pair is
// flagged). Nothing is written to RESULTS.md; the lead records the printed table there.
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const HEAD_TREE = resolve(here, '../..');
const BENCH = resolve(here, '..');
const args = process.argv.slice(2);
const option = (/** @type {string} */ name) =>
  args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const BASE_REV = option('base') ?? process.env.BENCH_AB_BASE ?? 'fca0a0d';
const PAIRS = Number(option('pairs') ?? process.env.BENCH_AB_PAIRS ?? 3);
const AB_DIR = resolve(process.env.BENCH_AB_DIR ?? join(tmpdir(), 'pando-ab'));
const LOAD_LIMIT = 0.5;
const allowLoad = process.env.BENCH_ALLOW_LOAD === '1';

/**
 * @typedef {{ name: string; unit: string; better: 'lower' | 'higher'; value: number }} Figure
 * @typedef {{ label: 'base' | 'head'; root: string; webDist: string; serverMain: string }} Tree
 * @typedef {{
 *   needs: ('web' | 'server')[];
 *   run: (tree: Tree, jsonFile: string) => { cmd: string[]; env: Record<string, string> };
 *   parse?: (stdout: string) => Figure[];
 * }} Suite
 */

/** `<what> … median <n> ms` lines of the front-end scripts, one figure per CPU rate. */
const medians =
  (/** @type {RegExp} */ re, /** @type {string} */ what) => (/** @type {string} */ stdout) =>
    [...stdout.matchAll(re)].map((m) => ({
      name: `${what} at ${m[1]}x CPU`,
      unit: 'ms',
      better: /** @type {const} */ ('lower'),
      value: Number(m[2]),
    }));

/** @type {Record<string, Suite>} */
const SUITES = {
  // bench/api/run.ts: the hot reads of our server (tsx from the tree's sources).
  api: {
    needs: [],
    run: (tree, json) => ({
      cmd: [process.execPath, '--import', 'tsx', join(BENCH, 'api/run.ts')],
      env: { BENCH_TREE: tree.root, BENCH_JSON: json, BENCH_API_NO_RECORD: '1' },
    }),
  },
  // bench/chat/run.ts: our chat server only (no peers).
  chat: {
    needs: [],
    run: (tree, json) => ({
      cmd: [
        process.execPath,
        '--import',
        'tsx',
        join(BENCH, 'chat/run.ts'),
        '--only=ours',
        '--no-write',
        ...(process.env.BENCH_CHAT_ARGS ?? '').split(/\s+/).filter(Boolean),
      ],
      env: { BENCH_TREE: tree.root, BENCH_JSON: json },
    }),
  },
  // bench/ui/run.mjs: the 10,000-message list, bundled from the tree's own sources.
  ui: {
    needs: [],
    run: (tree) => ({
      cmd: [process.execPath, join(BENCH, 'ui/run.mjs')],
      env: { BENCH_UI_ROOT: tree.root, BENCH_NO_WRITE: '1' },
    }),
    parse: medians(
      /last page painted at (\d+(?:\.\d+)?)x CPU: median (\d+(?:\.\d+)?) ms/g,
      'message list: last page painted',
    ),
  },
  // bench/web/bundleSize.mjs: what /login loads, of the tree's production web build.
  bundle: {
    needs: ['web'],
    run: (tree) => ({
      cmd: [process.execPath, join(BENCH, 'web/bundleSize.mjs'), tree.webDist],
      env: { BENCH_WEB_DIST: tree.webDist },
    }),
    // "JS 139.9 KB gzip" or "JS  441.8 KB raw, 139.9 KB gzip, 122.1 KB brotli": every size named.
    parse: (stdout) =>
      [...stdout.matchAll(/\b(JS|CSS)\b((?:[\s,]+\d+(?:\.\d+)? KB [a-z]+)+)/g)].flatMap((m) =>
        [...(m[2] ?? '').matchAll(/(\d+(?:\.\d+)?) KB ([a-z]+)/g)].map((k) => ({
          name: `login route ${m[1]} ${k[2]}`,
          unit: 'KB',
          better: /** @type {const} */ ('lower'),
          value: Number(k[1]),
        })),
      ),
  },
  // bench/web/chatListTime.mjs: the tree's server bundle serving the tree's web build.
  chatlist: {
    needs: ['web', 'server'],
    run: (tree) => ({
      cmd: [process.execPath, join(BENCH, 'web/chatListTime.mjs')],
      env: { BENCH_SERVER_MAIN: tree.serverMain, WEB_DIST_DIR: tree.webDist },
    }),
    parse: medians(
      /interactive at (\d+(?:\.\d+)?)x CPU: median (\d+(?:\.\d+)?) ms/g,
      'chat list (200+ conversations) interactive',
    ),
  },
};

const chosen = args.filter((a) => !a.startsWith('--'));
for (const s of chosen) {
  if (!(s in SUITES)) {
    console.error(`Unknown suite "${s}"; the suites are: ${Object.keys(SUITES).join(', ')}.`);
    process.exit(2);
  }
}
const suites = chosen.length ? chosen : Object.keys(SUITES);
const loadNow = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');
const load1 = () => loadavg()[0] ?? 0;
/**
 * Before each pair, waits (up to BENCH_AB_SETTLE_S, default 300 s) for the 1-minute load to fall
 * under the limit: the builds and the previous pair's servers leave it high for a minute or two,
 * and a pair measured in that tail was flagged LOADED though nothing else ran.
 */
async function settle() {
  const until = Date.now() + Number(process.env.BENCH_AB_SETTLE_S ?? 300) * 1000;
  while (load1() >= LOAD_LIMIT && Date.now() < until) await new Promise((r) => setTimeout(r, 5000));
}

if (load1() >= LOAD_LIMIT) {
  const say = `1-minute load average ${load1().toFixed(2)} ≥ ${LOAD_LIMIT}: the figures would mostly measure the other work on this machine.`;
  if (!allowLoad) {
    console.error(`${say}\nRefusing to run; wait for an idle machine or set BENCH_ALLOW_LOAD=1.`);
    process.exit(3);
  }
  console.log(`!!! ${say} Running anyway (BENCH_ALLOW_LOAD=1): NOT figures to record. !!!`);
}

/** Runs a command, inheriting the output; throws when it fails. */
function sh(/** @type {string[]} */ cmd, /** @type {string} */ cwd, env = {}) {
  const [file = '', ...rest] = cmd;
  execFileSync(file, rest, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
}

const git = (/** @type {string[]} */ a) =>
  execFileSync('git', a, { cwd: HEAD_TREE, encoding: 'utf8' }).trim();

/** The base commit in a worktree of its own with its dependencies, both cached. */
function prepareBase() {
  const sha = git(['rev-parse', '--verify', `${BASE_REV}^{commit}`]);
  const root = join(AB_DIR, sha.slice(0, 7));
  if (!existsSync(join(root, 'package.json'))) {
    mkdirSync(AB_DIR, { recursive: true });
    // A worktree left registered by a removed directory would refuse the same path.
    git(['worktree', 'prune']);
    console.log(`base ${sha.slice(0, 12)}: creating the worktree ${root}`);
    sh(['git', 'worktree', 'add', '--detach', root, sha], HEAD_TREE);
  }
  const lockHash = createHash('sha256')
    .update(readFileSync(join(root, 'package-lock.json')))
    .digest('hex');
  const marker = join(root, 'node_modules', '.pando-ab-lock');
  if (!existsSync(marker) || readFileSync(marker, 'utf8') !== lockHash) {
    console.log(`base ${sha.slice(0, 12)}: npm ci (once per lock file)`);
    sh(['npm', 'ci', '--ignore-scripts', '--no-audit', '--no-fund'], root);
    writeFileSync(marker, lockHash);
  }
  return { sha, root };
}

/**
 * The builds a tree's suites need, into `out`: the production web build and the server bundle
 * (inside the tree's apps/server/dist, where the bundle finds its migrations).
 * @param {Tree} tree @param {Set<string>} needs @param {boolean} cached
 */
function build(tree, needs, cached) {
  if (needs.has('web') && !(cached && existsSync(join(tree.webDist, 'index.html')))) {
    console.log(`${tree.label}: web build → ${tree.webDist}`);
    rmSync(tree.webDist, { recursive: true, force: true });
    sh(
      ['npx', 'vite', 'build', '--outDir', tree.webDist, '--emptyOutDir'],
      join(tree.root, 'apps/web'),
    );
  }
  if (needs.has('server') && !(cached && existsSync(tree.serverMain))) {
    console.log(`${tree.label}: server bundle → ${tree.serverMain}`);
    sh(
      [
        process.execPath,
        '--import',
        'tsx',
        '-e',
        `import(${JSON.stringify(join(tree.root, 'apps/server/build.ts'))}).then((m) => m.bundleServer(${JSON.stringify(tree.serverMain)}))`,
      ],
      tree.root,
    );
  }
}

/**
 * Runs one measurement; its figures from BENCH_JSON or its printed lines.
 * @param {Suite} suite @param {Tree} tree @returns {Promise<Figure[]>}
 */
async function measure(suite, tree) {
  const json = join(AB_DIR, `figures-${process.pid}.json`);
  rmSync(json, { force: true });
  const { cmd, env } = suite.run(tree, json);
  const [file = '', ...rest] = cmd;
  let stdout = '';
  const code = await new Promise((done) => {
    const child = spawn(file, rest, {
      cwd: BENCH,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout.on('data', (/** @type {Buffer} */ chunk) => {
      stdout += chunk.toString();
      process.stdout.write(chunk);
    });
    child.on('exit', done);
  });
  if (code !== 0) throw new Error(`${tree.label}: ${cmd.join(' ')} exited with ${code}`);
  /** @type {Figure[]} */
  const figures = suite.parse
    ? suite.parse(stdout)
    : existsSync(json)
      ? JSON.parse(readFileSync(json, 'utf8'))
      : [];
  rmSync(json, { force: true });
  if (!figures.length)
    throw new Error(`${tree.label}: no figures in the output of ${cmd.join(' ')}`);
  return figures;
}

const median = (/** @type {number[]} */ xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2
    ? (s[(s.length - 1) / 2] ?? NaN)
    : ((s[s.length / 2 - 1] ?? NaN) + (s[s.length / 2] ?? NaN)) / 2;
};
const fmt = (/** @type {number} */ n) =>
  Number.isNaN(n)
    ? '—'
    : Math.abs(n) >= 100
      ? n.toFixed(0)
      : Math.abs(n) >= 10
        ? n.toFixed(1)
        : n.toFixed(2);

async function main() {
  const needs = new Set(suites.flatMap((s) => SUITES[s]?.needs ?? []));
  const base = prepareBase();
  const dirty = git(['status', '--porcelain', '--untracked-files=no']) !== '';
  const headSha = git(['rev-parse', 'HEAD']);
  /** @type {Tree} */
  const A = {
    label: 'base',
    root: base.root,
    webDist: join(base.root, 'apps/web/dist-ab'),
    serverMain: join(base.root, 'apps/server/dist/ab/main.js'),
  };
  /** @type {Tree} */
  const B = {
    label: 'head',
    root: HEAD_TREE,
    webDist: join(AB_DIR, 'head-web'),
    // One head bundle per BENCH_AB_DIR, so two A/B runs at once (helpers) do not overwrite each
    // other's server; the default directory keeps the old path.
    serverMain: join(
      HEAD_TREE,
      'apps/server/dist',
      process.env.BENCH_AB_DIR
        ? `ab-${createHash('sha256').update(AB_DIR).digest('hex').slice(0, 8)}`
        : 'ab',
      'main.js',
    ),
  };
  build(A, needs, true);
  build(B, needs, false);
  const header = [
    `A/B: base ${base.sha.slice(0, 12)} (${A.root}) vs head ${headSha.slice(0, 12)}${dirty ? ' + UNCOMMITTED CHANGES' : ''} (${B.root})`,
    `suites: ${suites.join(', ')}; ${PAIRS} pair(s) each, interleaved A, B; the same (head's) scripts measure both trees.`,
  ];
  console.log(header.join('\n'));
  /** @type {string[]} */
  const report = [...header, ''];
  for (const name of suites) {
    const suite = SUITES[name];
    if (!suite) continue;
    /** @type {Map<string, { unit: string; better: string; base: number[]; head: number[] }>} */
    const byFigure = new Map();
    /** @type {string[]} */
    const loads = [];
    for (let pair = 1; pair <= PAIRS; pair++) {
      await settle();
      const flag = load1() >= LOAD_LIMIT ? ' LOADED (figures not comparable)' : '';
      loads.push(`pair ${pair}: load ${loadNow()}${flag}`);
      console.log(`\n=== ${name}, pair ${pair}/${PAIRS}: load average ${loadNow()}${flag}`);
      for (const tree of [A, B]) {
        console.log(`--- ${name} ${tree.label}`);
        for (const f of await measure(suite, tree)) {
          const entry = byFigure.get(f.name) ?? {
            unit: f.unit,
            better: f.better,
            base: [],
            head: [],
          };
          entry[tree.label].push(f.value);
          byFigure.set(f.name, entry);
        }
      }
    }
    report.push(`## ${name}`, '', ...loads.map((l) => `- ${l}`), '');
    report.push('| figure | unit | base | head | head/base | |', '|---|---|---|---|---|---|');
    for (const [figure, e] of byFigure) {
      const b = median(e.base);
      const h = median(e.head);
      const ratio = b > 0 ? h / b : NaN;
      const verdict = Number.isNaN(ratio)
        ? e.head.length && !e.base.length
          ? 'head only'
          : '—'
        : Math.abs(ratio - 1) < 0.02
          ? 'same (within 2 %)'
          : ratio < 1 === (e.better === 'lower')
            ? 'better'
            : 'worse';
      const cell = (/** @type {number[]} */ xs) =>
        xs.length
          ? `${fmt(median(xs))}${xs.length > 1 ? ` (${xs.map(fmt).join(', ')})` : ''}`
          : '—';
      report.push(
        `| ${figure} | ${e.unit} | ${cell(e.base)} | ${cell(e.head)} | ${Number.isNaN(ratio) ? '—' : ratio.toFixed(2)} | ${verdict} |`,
      );
    }
    report.push('');
  }
  console.log(`\n${report.join('\n')}`);
}

await main();
