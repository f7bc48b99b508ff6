import { createElement, useLayoutEffect, type ReactNode } from 'react';
import { useFirstPaintShown } from './firstPaintShown';
import { HOLD_ATTRIBUTE, hideStaticPaint } from './staticPaint';

/**
 * The app behind the static list (issue 37, `staticPaint.ts`): rendered hidden in `#root` while
 * the list the copy kept rendered stays on screen, then shown in the commit that removes the list
 * (when its shell is on screen, it went to the login page, or after 10 s: `useFirstPaintShown`).
 * What `FirstPaintGate` does for React's first paint, without waiting for React's half of the
 * first paint: its chunk (BootShell, AppShell, the sidebar) comes with the app, whose code
 * shares it, not before.
 */
export function StaticPaintGate({ children }: { children?: ReactNode }) {
  const shown = useFirstPaintShown(true);
  useLayoutEffect(() => {
    if (!shown) hideStaticPaint();
  }, [shown]);
  return createElement('div', { hidden: shown, [HOLD_ATTRIBUTE]: '' }, children);
}
