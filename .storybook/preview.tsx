import type { Decorator, Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { embeddedApi, type PageServer, startServerInPage } from '@pando/server/page';
import { provideStoryBackend } from '@pando/features/testing';
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

/**
 * A promise whose work starts when something first awaits it: the page's server boots (~3 s,
 * 15 MB of wasm and data) only on a page that opens a Screens story.
 */
function lazily<T>(start: () => Promise<T>): Promise<T> {
  let started: Promise<T> | undefined;
  const run = () => (started ??= start());
  return {
    then: (onFulfilled, onRejected) => run().then(onFulfilled, onRejected),
    catch: (onRejected) => run().catch(onRejected),
    finally: (onFinally) => run().finally(onFinally),
    [Symbol.toStringTag]: 'Promise',
  };
}

/**
 * The requests the server is answering: a reset waits for them (the previous story's page may
 * still be loading when the next story starts, and a reset must not land inside a request).
 */
const inFlight = new Set<Promise<unknown>>();
function tracked<T>(work: Promise<T>): Promise<T> {
  inFlight.add(work);
  const done = () => inFlight.delete(work);
  work.then(done, done);
  return work;
}

/**
 * The real server in this page (issue 38), one per preview page: Storybook's story tests run the
 * story files of a worker in one page (vitest.config.ts, `isolate: false`), and each story
 * resets it to the demo seed (~6 ms). The Screens stories reach it through the MSW worker below
 * and `provideStoryBackend` (libs/features may not import the server).
 */
const pageServer = lazily(async (): Promise<PageServer> => {
  const server = await startServerInPage({ origin: window.location.origin });
  return { ...server, answer: (request, cookie) => tracked(server.answer(request, cookie)) };
});

provideStoryBackend(async () => {
  const server = await pageServer;
  return {
    reset: async () => {
      await Promise.allSettled([...inFlight]);
      await server.reset();
    },
    keep: () => server.keep(),
    flush: () => server.app.audit.flush(),
    login: (email) => server.login(email),
    chatDirectory: () => tracked(server.chatDirectory()),
    query: async <Row,>(sql: string, params?: unknown[]) =>
      (await server.app.db.query<Row>(sql, params)).rows,
    answer: (request, cookie) => server.answer(request, cookie),
  };
});

/**
 * The page's `/api` requests go to the server in the page, unless a story's own
 * `parameters.msw.handlers` answer them first (the UI tier's stories, a Screens story's failure).
 * Other unhandled requests are loud: a story that talks to an endpoint nobody mocked is a bug.
 */
const loudMsw = async () => {
  const { setupWorker } = await import('msw/browser');
  const worker = setupWorker(embeddedApi(pageServer, window.location.origin));
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
