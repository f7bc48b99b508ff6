import { useEffect, useState } from 'react';
import { isLoginPath, SHELL_SHOWN } from '@pando/features';

/** However the app fares, the first paint never stays longer than this. */
const FIRST_PAINT_MAX_MS = 10_000;

/**
 * Whether the first paint (React's `BootShell` or the static list) is still the one shown, the app
 * rendering hidden behind it (issue 37). It ends when the app's shell is on screen (`SHELL_SHOWN`),
 * when the app went to the login page (the session is over), or after `FIRST_PAINT_MAX_MS`. Both
 * gates use it (`FirstPaintGate`, `StaticPaintGate`).
 */
export function useFirstPaintShown(initially: boolean): boolean {
  const [shown, setShown] = useState(initially);
  useEffect(() => {
    if (!shown) return;
    const hide = () => {
      setShown(false);
    };
    window.addEventListener(SHELL_SHOWN, hide);
    const watch = window.setInterval(() => {
      if (isLoginPath(window.location.pathname)) hide();
    }, 200);
    const limit = window.setTimeout(hide, FIRST_PAINT_MAX_MS);
    return () => {
      window.removeEventListener(SHELL_SHOWN, hide);
      window.clearInterval(watch);
      window.clearTimeout(limit);
    };
  }, [shown]);
  return shown;
}
