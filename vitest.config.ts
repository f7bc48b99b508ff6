import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { chromiumArgs, chromiumPath } from './scripts/chromium.mjs';

/**
 * Story tests: every story of libs/ui and libs/features is rendered in a real Chromium
 * (vitest browser mode through Playwright, Debian's /usr/bin/chromium), its play function runs,
 * and axe fails the test on any violation (parameters.a11y.test = 'error' in preview.tsx).
 * The unit/component suites of each project run through their own vitest.config.ts (npm test).
 */
const browser = (name: string) => ({
  enabled: true,
  headless: true,
  provider: playwright({
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
  }),
  instances: [{ browser: 'chromium' as const, name }],
  // Vitest's default is 60 s. On the slowest host of 2026-12-01 (ESLint 579 s against ~250) the
  // dark project's page did not connect within it, and the stories step failed with every story
  // that ran passing (the project alone afterwards: 476/476). A page that connects late fails no
  // story; a page that never connects still ends the run, three minutes in.
  connectTimeout: 180_000,
});

export default defineConfig({
  test: {
    // Two story files at a time on 2 cores: the four projects took 4.2 minutes instead of 6.3 in
    // the clean clones of 2026-11-24, which the 25-minute budget needs (the one-worker CI run
    // spent 7.6 of its minutes here). The one story that failed beside a second page
    // (MessageList's New Messages Indicator) waited on Testing Library's 1 s default; every story
    // now gets 5 s (.storybook/vitest.setup.ts). STORY_WORKERS=1 runs them one at a time.
    maxWorkers: Number(process.env['STORY_WORKERS'] ?? 2),
    // The story files of a worker share one page (vitest's browser `isolate: false`), instead of
    // a fresh iframe per file that imported React, Mantine and the stories' modules again: about
    // 2 s a file, 202 files (the dark project took 173 s isolated, 91 s shared; the four projects
    // 491 s and 245 s, 2026-11-28, same host, all 1,004 passing). What a story needs fresh it
    // still gets: Storybook's portable stories unmount the previous story and render each one
    // into a new root, msw-storybook-addon installs each story's own handlers, and every story
    // that uses the mock backend builds its own. STORY_ISOLATE=1 gives each file its own page
    // again (to tell whether a failure comes from an earlier file).
    isolate: process.env['STORY_ISOLATE'] === '1',
    // A story's time limit (it only ends a story that is already failing). The first story of a
    // file that opens the admin console's report pays that page's cold start: Manage.stories'
    // Report took 22 s in light and dark on the slow host of 2026-11-30 (the file's later report
    // stories 1.4–2.5 s) and went over the old 30 s at phone and tablet size there (and once at
    // phone size the day before).
    testTimeout: 60_000,
    projects: [
      {
        extends: true,
        plugins: [storybookTest({ configDir: '.storybook', initialGlobals: { theme: 'light' } })],
        test: {
          name: 'storybook',
          browser: browser('storybook-light'),
          setupFiles: ['.storybook/vitest.setup.ts'],
        },
      },
      {
        extends: true,
        plugins: [storybookTest({ configDir: '.storybook', initialGlobals: { theme: 'dark' } })],
        test: {
          name: 'storybook-dark',
          browser: browser('storybook-dark'),
          setupFiles: ['.storybook/vitest.setup.ts'],
        },
      },
      // The Screens (libs/features) once more on a phone and on a tablet (the viewports of
      // preview.tsx), light scheme, with axe: the layouts of issue 17 must not overflow or lose
      // a landmark there. The ui components are covered at the default size above.
      ...(['phone', 'tablet'] as const).map((device) => ({
        extends: true,
        plugins: [
          storybookTest({
            configDir: '.storybook',
            initialGlobals: { theme: 'light', viewport: { value: device, isRotated: false } },
          }),
        ],
        test: {
          name: `storybook-${device}`,
          browser: browser(`storybook-${device}`),
          setupFiles: ['.storybook/vitest.setup.ts'],
          exclude: ['libs/ui/**'],
        },
      })),
    ],
  },
});
