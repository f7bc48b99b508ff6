import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';

/** libs/ui's components, whose props tables the Docs pages show (react-docgen-typescript). */
const uiComponents = fileURLToPath(new URL('../libs/ui/src/**/*.tsx', import.meta.url));

/**
 * One Storybook for the presentational `UI/…` tier (libs/ui) and the connected `Screens/…`
 * tier (libs/features, on MSW through msw-storybook-addon).
 */
const config: StorybookConfig = {
  stories: ['../libs/ui/src/**/*.stories.@(ts|tsx)', '../libs/features/src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  // The MSW service worker for stories that talk to the mock backend.
  staticDirs: ['../apps/demo/public'],
  core: { disableTelemetry: true },
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
