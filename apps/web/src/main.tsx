import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { isLoginPath, preloadChatWiring, preloadSignedIn } from '@pando/features';
import { PandoMantineProvider, SessionPlaceholder } from '@pando/ui';
import { loadRuntimeConfig } from './config';
import { createLogger } from './logger';
import { registerServiceWorker, UpdateNotice } from './serviceWorker';
import { createWebApp, loadWebChat } from './webApp';

async function boot() {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element.');
  const root = createRoot(container);
  const logger = createLogger();
  // The session gate, the shell and the chat client are code-split off the login route (issue 10);
  // on any other page, fetch them while the configuration loads instead of after it.
  const signedInPage = !isLoginPath(window.location.pathname);
  if (signedInPage) {
    void preloadSignedIn();
    preloadChatWiring().catch(() => undefined);
    loadWebChat().catch(() => undefined);
  }
  try {
    const config = await loadRuntimeConfig();
    document.title = config.product_name;
    const app = createWebApp(config, logger);
    // The shell renders inside the chat: have it ready by the time the session is known.
    if (signedInPage) app.preloadChat().catch(() => undefined);
    root.render(
      <StrictMode>
        <PandoMantineProvider>
          <UpdateNotice />
          <app.Root />
        </PandoMantineProvider>
      </StrictMode>,
    );
  } catch (error) {
    logger.error('The runtime configuration could not be loaded', { error: String(error) });
    root.render(
      <PandoMantineProvider>
        <SessionPlaceholder
          onRetry={() => {
            window.location.reload();
          }}
        />
      </PandoMantineProvider>,
    );
  }
  registerServiceWorker(logger);
}

void boot();
