import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PandoMantineProvider } from '@pando/ui';
import { DemoApp } from './DemoApp';
import { readDemoFlags } from './demoFlags';
import { chooseDemoViewer } from './demoViewer';

/**
 * Demo mode boots the mock backend first (CONVENTIONS.md "MSW trio": import it dynamically and
 * await `worker.start()` before rendering), so the first request already hits the mocks.
 */
async function boot() {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element.');
  const flags = readDemoFlags(import.meta.env);
  const viewer = chooseDemoViewer(flags, window.location.search, window.sessionStorage);
  const { startDemoWorker } = await import('./startDemoWorker');
  const backend = await startDemoWorker(flags);
  createRoot(container).render(
    <StrictMode>
      <PandoMantineProvider>
        <DemoApp backend={backend} flags={flags} viewer={viewer} />
      </PandoMantineProvider>
    </StrictMode>,
  );
}

void boot();
