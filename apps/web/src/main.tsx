import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { preloadSignedIn } from '@pando/features';
import { PandoMantineProvider, SessionPlaceholder } from '@pando/ui';
import { App } from './App';
import { preloadChatWiring } from './chatWiringLoader';
import { loadRuntimeConfig } from './config';
import { createLogger } from './logger';

async function boot() {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element.');
  const root = createRoot(container);
  const logger = createLogger();
  // The session gate, the shell and the chat client are code-split off the login route (issue 10);
  // on any other page, fetch them while the configuration loads instead of after it.
  if (!/^\/(login|validate)(\/|$)/.test(window.location.pathname)) {
    preloadSignedIn();
    preloadChatWiring().catch(() => undefined);
  }
  try {
    const config = await loadRuntimeConfig();
    document.title = config.product_name;
    root.render(
      <StrictMode>
        <PandoMantineProvider>
          <App config={config} logger={logger} />
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
}

void boot();
