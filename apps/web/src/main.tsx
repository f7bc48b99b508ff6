import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PandoMantineProvider } from '@pando/ui';
import { App } from './App';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

createRoot(container).render(
  <StrictMode>
    <PandoMantineProvider>
      <App />
    </PandoMantineProvider>
  </StrictMode>,
);
