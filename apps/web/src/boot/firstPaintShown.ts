import { useEffect, useState } from 'react';
import { isLoginPath, SHELL_SHOWN } from '@pando/features';

/** However the app fares, the first paint never stays longer than this. */
const FIRST_PAINT_MAX_MS = 10_000;

/**
 * A press (pointer down) on the page not yet released. The first paint gives way only after it,
 * and after the click it makes: a row pressed on the first paint while the app takes over would
 * otherwise be released on the app's row, and the browser sends that click to neither (found by
 * the chat-list bench: a click on the last row that never opened it, session 34). Watched from
 * the first paint's start (this module loads with it), on the whole page, before anything else.
 */
let pressing = false;
const waiting = new Set<() => void>();
if (typeof window !== 'undefined') {
  window.addEventListener(
    'pointerdown',
    () => {
      pressing = true;
    },
    true,
  );
  const release = () => {
    // After the click the release makes (dispatched in the same task, right after it).
    window.setTimeout(() => {
      pressing = false;
      for (const go of [...waiting]) go();
      waiting.clear();
    }, 0);
  };
  window.addEventListener('pointerup', release, true);
  window.addEventListener('pointercancel', release, true);
}

/** A press never holds the first paint longer than this (a release the page never heard of). */
const PRESS_MAX_MS = 5000;

/** Runs `go` now, or once the press in progress is released; the returned function cancels it. */
function afterPress(go: () => void): () => void {
  if (!pressing) {
    go();
    return () => undefined;
  }
  const once = () => {
    window.clearTimeout(limit);
    waiting.delete(once);
    go();
  };
  const limit = window.setTimeout(once, PRESS_MAX_MS);
  waiting.add(once);
  return () => {
    window.clearTimeout(limit);
    waiting.delete(once);
  };
}

/**
 * Whether the first paint (React's `BootShell` or the static list) is still the one shown, the app
 * rendering hidden behind it (issue 37). It ends when the app's shell is on screen (`SHELL_SHOWN`),
 * when the app went to the login page (the session is over), or after `FIRST_PAINT_MAX_MS`, and
 * never during a press (`afterPress`). Both gates use it (`FirstPaintGate`, `StaticPaintGate`).
 */
export function useFirstPaintShown(initially: boolean): boolean {
  const [shown, setShown] = useState(initially);
  useEffect(() => {
    if (!shown) return;
    let cancel = (): void => undefined;
    const hide = () => {
      cancel();
      cancel = afterPress(() => {
        setShown(false);
      });
    };
    window.addEventListener(SHELL_SHOWN, hide);
    const watch = window.setInterval(() => {
      if (isLoginPath(window.location.pathname)) hide();
    }, 200);
    const limit = window.setTimeout(hide, FIRST_PAINT_MAX_MS);
    return () => {
      cancel();
      window.removeEventListener(SHELL_SHOWN, hide);
      window.clearInterval(watch);
      window.clearTimeout(limit);
    };
  }, [shown]);
  return shown;
}
