// `npm run chromatic`: publish the Storybook for visual review. Needs CHROMATIC_PROJECT_TOKEN;
// without it, says so and exits non-zero instead of failing deep inside the Chromatic CLI.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
if (!process.env.CHROMATIC_PROJECT_TOKEN) {
  console.error(
    'Set CHROMATIC_PROJECT_TOKEN (Chromatic → Manage → Configure) to publish the Storybook.',
  );
  process.exit(1);
}
const build = spawnSync('npm', ['run', 'build-storybook'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const publish = spawnSync(
  join(root, 'node_modules/.bin/chromatic'),
  ['--storybook-build-dir', 'dist/storybook', '--exit-zero-on-changes', '--only-changed'],
  { cwd: root, stdio: 'inherit', env: process.env },
);
process.exit(publish.status ?? 1);
