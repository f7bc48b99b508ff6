// `npm run bench`: runs every `bench:*` script of this package in turn (each benchmark appends
// its table to RESULTS.md). `npm run bench -- chat` runs only the ones whose names contain "chat".
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const filter = process.argv.slice(2);
const names = Object.keys(pkg.scripts)
  // bench:ab runs the others itself, twice over (bench/ab/run.mjs).
  .filter((name) => name.startsWith('bench:') && name !== 'bench:ab')
  .filter((name) => !filter.length || filter.some((f) => name.includes(f)));
if (!names.length) {
  console.error('No benchmark matched.');
  process.exit(1);
}
let failed = 0;
for (const name of names) {
  console.log(`\n▶ ${name}`);
  const run = spawnSync('npm', ['run', name], { cwd: import.meta.dirname, stdio: 'inherit' });
  if (run.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
