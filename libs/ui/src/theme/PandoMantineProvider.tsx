import '@mantine/core/styles.css';
// The layout rules' CSS half (touch targets, the closed main menu): see shell/layout.
import '../shell/layout/layout.css';
// The sidebar's rows, in the page's stylesheet rather than with the chat's chunks: a returning
// visit paints the kept chat list before any chunk has loaded (issue 37, apps/web boot/staticPaint).
import '../chat/ChatSidebar/ChatSidebar.css';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { pandoCssVariablesResolver, pandoTheme } from './theme';

export interface PandoMantineProviderProps {
  children?: ReactNode;
  /**
   * Forces a colour scheme (Storybook's light/dark toolbar, screenshot tests). When absent the
   * user's operating-system preference decides.
   */
  forceColorScheme?: 'light' | 'dark';
}

/** Mantine with the Pando theme and its accessible colour overrides; wraps every Pando screen. */
export function PandoMantineProvider({ children, forceColorScheme }: PandoMantineProviderProps) {
  return (
    <MantineProvider
      theme={pandoTheme}
      cssVariablesResolver={pandoCssVariablesResolver}
      defaultColorScheme="auto"
      {...(forceColorScheme ? { forceColorScheme } : {})}
    >
      {children}
    </MantineProvider>
  );
}
