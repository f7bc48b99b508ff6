import type { Decorator, Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { PandoMantineProvider } from '@pando/ui';

/**
 * Every story renders inside the product's Mantine theme. The toolbar switch (`theme` global)
 * flips light/dark; story tests run in light by default (see vitest.config.ts for the dark pass).
 */
const withMantine: Decorator = (Story, context) => {
  const scheme = context.globals['theme'] === 'dark' ? 'dark' : 'light';
  return (
    <PandoMantineProvider forceColorScheme={scheme}>
      <Story />
    </PandoMantineProvider>
  );
};

/** Unhandled requests are loud: a story that talks to an endpoint nobody mocked is a bug. */
const loudMsw = async () => {
  const { setupWorker } = await import('msw/browser');
  const worker = setupWorker();
  await worker.start({
    quiet: true,
    // msw 3 reports every unhandled network frame (HTTP request or WebSocket) here.
    onUnhandledFrame({ frame, defaults }) {
      const request = (frame.data as { request?: Request }).request;
      if (!request) {
        defaults.error();
        return;
      }
      const url = new URL(request.url);
      const isAsset =
        url.origin === window.location.origin &&
        !url.pathname.startsWith('/api/') &&
        !url.pathname.startsWith('/xmpp');
      if (isAsset) return;
      defaults.error();
      console.error(`[MSW] Unhandled ${request.method} ${request.url}: add a handler for it.`);
    },
  });
  return worker;
};

/** A phone (390 × 844, an iPhone 12–15) and a tablet in portrait (768 × 1024, an iPad). */
const STORY_VIEWPORTS = {
  phone: { name: 'Phone 390 × 844', styles: { width: '390px', height: '844px' }, type: 'mobile' },
  tablet: {
    name: 'Tablet 768 × 1024',
    styles: { width: '768px', height: '1024px' },
    type: 'tablet',
  },
} as const;

const preview: Preview = {
  decorators: [withMantine],
  loaders: [mswLoader(loudMsw)],
  globalTypes: {
    theme: {
      description: 'Colour scheme',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light' },
          { value: 'dark', title: 'Dark' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light' },
  parameters: {
    layout: 'fullscreen',
    // The viewport toolbar: the two devices every screen is checked on (libs/ui's layout rules,
    // LAYOUT in libs/ui/src/shell/layout). The story tests render the Screens at both as well
    // (vitest.config.ts, projects storybook-phone and storybook-tablet).
    viewport: { options: STORY_VIEWPORTS },
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    // Story tests fail on any axe violation (incl. colour contrast), not only warn.
    a11y: { test: 'error' },
  },
};

export default preview;
