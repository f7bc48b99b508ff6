import type { StorybookConfig } from '@storybook/react-vite';

/**
 * One Storybook for the presentational `UI/…` tier (libs/ui) and the connected `Screens/…`
 * tier (libs/features, on MSW through msw-storybook-addon).
 */
const config: StorybookConfig = {
  stories: ['../libs/ui/src/**/*.stories.@(ts|tsx)', '../libs/features/src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  // The MSW service worker for stories that talk to the mock backend.
  staticDirs: ['../apps/demo/public'],
  core: { disableTelemetry: true },
  typescript: { reactDocgen: 'react-docgen-typescript' },
};

export default config;
