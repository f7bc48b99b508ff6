import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';
import type { Plugin } from 'vite';
// apps/server's build tooling, by path as its README says: it bundles the server for the preview
// page and makes the seeded database (the preview itself imports only @pando/server/page).
import { serverInBrowser } from '../apps/server/browser/vitePlugin.js';

/** libs/ui's components, whose props tables the Docs pages show (react-docgen-typescript). */
const uiComponents = fileURLToPath(new URL('../libs/ui/src/**/*.tsx', import.meta.url));

/**
 * One Storybook for the presentational `UI/…` tier (libs/ui, on MSW handlers of its own through
 * msw-storybook-addon) and the connected `Screens/…` tier (libs/features, on the real server in
 * the preview page: preview.tsx).
 */
/**
 * The story tests' vitest plugin (@storybook/addon-vitest) pins its global setup, a Node module
 * (child_process, process.stdout), among the browser's pre-bundled dependencies. With the Node
 * polyfills of `serverInBrowser()` those imports resolve to browser stand-ins that lack them and
 * the pre-bundling fails ("spawn" is not exported); without them vite's empty browser stand-in
 * let them through unused. The page never imports it (vitest runs it in Node), so it leaves the
 * list.
 */
const storyTestsGlobalSetupNotPrebundled: Plugin = {
  name: 'pando:story-tests-global-setup-not-prebundled',
  config: {
    order: 'post',
    handler: (vite) => {
      const include = vite.optimizeDeps?.include;
      if (include)
        vite.optimizeDeps = {
          ...vite.optimizeDeps,
          include: include.filter((id) => id !== '@storybook/addon-vitest/internal/global-setup'),
        };
    },
  },
};

const config: StorybookConfig = {
  stories: ['../libs/ui/src/**/*.stories.@(ts|tsx)', '../libs/features/src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  // The MSW service worker, which hands the stories' requests to their handlers and the server.
  staticDirs: ['../apps/demo/public'],
  core: { disableTelemetry: true },
  // The server bundled for the preview page (@pando/server/page) and its seeded database.
  viteFinal: (vite) => ({
    ...vite,
    plugins: [...(vite.plugins ?? []), ...serverInBrowser(), storyTestsGlobalSetupNotPrebundled],
  }),
  // Props tables for designers: each prop's type, JSDoc description and `@default`. The plugin
  // reads only the files of the TypeScript project it is given (the root tsconfig.json holds the
  // workspace's config files, not the libraries, and gave "Skipping docgen … not included in the
  // active TypeScript project" for every component): tsconfig.docgen.json is libs/ui's sources.
  // The Screens (libs/features) take no props worth a table, so docgen skips them (faster build).
  typescript: {
    reactDocgen: 'react-docgen-typescript',
    reactDocgenTypescriptOptions: {
      tsconfigPath: fileURLToPath(new URL('./tsconfig.docgen.json', import.meta.url)),
      include: [uiComponents],
      exclude: ['**/*.stories.tsx', '**/*.test.tsx'],
      // Mantine's own props (style props, `classNames`, …) would bury ours.
      propFilter: (prop) => !prop.parent || !prop.parent.fileName.includes('node_modules'),
      shouldExtractLiteralValuesFromEnum: true,
      shouldRemoveUndefinedFromOptional: true,
    },
  },
};

export default config;
