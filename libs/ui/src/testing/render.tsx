import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { PandoMantineProvider } from '../theme/PandoMantineProvider';

/** Renders inside the Pando theme, as every screen of the product is. */
export function renderWithTheme(ui: ReactElement, options?: RenderOptions): RenderResult {
  return render(ui, {
    wrapper: ({ children }) => <PandoMantineProvider>{children}</PandoMantineProvider>,
    ...options,
  });
}
