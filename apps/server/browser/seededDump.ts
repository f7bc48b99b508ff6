// The seeded database a page's server starts from (issue 38): made once per day and per
// migrations/seed content (src/seed/fingerprint.ts), in Node, by makeSeededDump.ts in a child
// process; kept in the system's temp folder as the tests' templates are (src/testing/testDb.ts).
// Loading it takes a page ~3 s where migrating and seeding there took ~12 s.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { seedFingerprint } from '../src/seed/fingerprint.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const MODULE_ID = 'virtual:pando/seeded-dump';
const RESOLVED_ID = `\0${MODULE_ID}`;
/** Where vite's dev server answers with the dump (under the config's `base`). */
const DEV_PATH = '@pando/seeded-dump.tar.gz';

export interface SeededDump {
  /** The gzip tar of the PGlite data directory. */
  file: string;
  /** The time the seed was made for (its "now"): ISO 8601. */
  seededAt: string;
}

const pending = new Map<string, Promise<SeededDump>>();

/** Today's dump of the current migrations and seed, made if it is not there yet. */
export function seededDump(now = new Date()): Promise<SeededDump> {
  const key = `${seedFingerprint()}-${now.toISOString().slice(0, 10)}`;
  let dump = pending.get(key);
  if (!dump) {
    dump = makeOnce(path.join(os.tmpdir(), `pando-seeded-dump-${key}.tar.gz`));
    pending.set(key, dump);
  }
  return dump;
}

async function makeOnce(file: string): Promise<SeededDump> {
  const read = (): SeededDump | undefined => {
    try {
      const { seededAt } = JSON.parse(fs.readFileSync(`${file}.json`, 'utf8')) as {
        seededAt: string;
      };
      return fs.existsSync(file) ? { file, seededAt } : undefined;
    } catch {
      return undefined;
    }
  };
  const kept = read();
  if (kept) return kept;
  // Written under a name of its own, then renamed: two builds at once never read half a dump.
  const work = `${file}.tmp-${String(process.pid)}-${randomBytes(4).toString('hex')}`;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(HERE, 'makeSeededDump.ts'), work],
      { stdio: ['ignore', 'inherit', 'inherit'], cwd: HERE },
    );
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`makeSeededDump.ts exited with ${String(code)}`));
    });
  });
  fs.renameSync(`${work}.json`, `${file}.json`);
  fs.renameSync(work, file);
  return read() ?? { file, seededAt: new Date().toISOString() };
}

/**
 * `virtual:pando/seeded-dump` (src/embedded/seededDump.d.ts): where the page fetches the dump and
 * the time its seed was made for. A build emits the dump as an asset; the dev server answers it.
 */
export function seededDumpPlugin(): Plugin {
  let build = false;
  let base = '/';
  return {
    name: 'pando:seeded-dump',
    configResolved(config) {
      build = config.command === 'build';
      base = config.base;
    },
    resolveId: (source) => (source === MODULE_ID ? RESOLVED_ID : undefined),
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const { file, seededAt } = await seededDump();
      if (build) {
        const ref = this.emitFile({
          type: 'asset',
          name: 'pando-seed.tar.gz',
          source: fs.readFileSync(file),
        });
        return `export default { url: import.meta.ROLLUP_FILE_URL_${ref}, seededAt: ${JSON.stringify(seededAt)} };`;
      }
      return `export default { url: ${JSON.stringify(base + DEV_PATH)}, seededAt: ${JSON.stringify(seededAt)} };`;
    },
    configureServer(server) {
      server.middlewares.use(`${base}${DEV_PATH}`, (_req, res, next) => {
        seededDump().then(({ file }) => {
          res.setHeader('content-type', 'application/gzip');
          res.setHeader('cache-control', 'no-store');
          fs.createReadStream(file).pipe(res);
        }, next);
      });
    },
  };
}
