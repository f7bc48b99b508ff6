import type { BootPaint } from '@pando/data-access';
import { isPlainClick } from '@pando/ui';

/**
 * The chat list painted without React (issue 37): on a returning visit the copy holds the list as
 * `BootShell` last rendered it (`paintSnapshot.tsx`), and this puts that markup on screen at once,
 * before React, Mantine and the first paint's components have run. It is the same shell, rows
 * and counts React renders later (`paintKey` guarantees it), and it works as React's does for
 * what a person can do meanwhile: a row or menu entry opens the app there, and the phone's menu
 * button opens and closes the menu (the copy holds the shell rendered both ways). The app renders
 * hidden behind it (`StaticPaintGate`) and replaces it in one frame when its shell is on screen;
 * anything else React renders first in `#root` (an error screen) replaces it at once.
 *
 * Decision: the markup is our own `renderToStaticMarkup` output of data the copy holds sealed
 * with the session's key (AES-GCM: a record altered on disk does not open), set with
 * `innerHTML`; the page's CSP allows no inline script, so markup can never run code.
 */

/** Mantine's colour scheme for the page, as `PandoMantineProvider` resolves it ('auto'). */
function colorScheme(): 'light' | 'dark' {
  const stored = window.localStorage.getItem('mantine-color-scheme-value');
  if (stored === 'light' || stored === 'dark') return stored;
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/**
 * Which build of the app this page runs: its entry script's URL (content-hashed). The list kept
 * rendered by another build is not painted (`matchingPaint`).
 */
export const pageBuild = () =>
  document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src ?? '';

/**
 * Marks the element `StaticPaintGate` renders the app in, hidden: React's commit of it into
 * `#root` leaves the static list on screen; it goes when the gate says so (`hideStaticPaint`).
 */
export const HOLD_ATTRIBUTE = 'data-first-paint-hold';

let hide = (): void => undefined;
/** Removes the static list (when the app behind it is on screen); a no-op when none is shown. */
export function hideStaticPaint(): void {
  hide();
}

/** Opens the app at `href`, as its router would: the address changes and the router is told. */
export function openAt(href: string): void {
  window.history.pushState(null, '', href);
  window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
}

/**
 * Shows `paint` before `#root`, unless React has already rendered there. `onNavigate` receives a
 * row's or menu entry's path on a plain click.
 */
export function showStaticPaint(paint: BootPaint, onNavigate: (href: string) => void): boolean {
  const root = document.getElementById('root');
  if (!root || root.firstChild) return false;
  document.documentElement.setAttribute('data-mantine-color-scheme', colorScheme());
  const shown = document.createElement('div');
  let menuOpened = false;
  // One of the two renderings of the same shell; the list keeps its scroll position.
  const render = (opened: boolean) => {
    const scrolled = shown.querySelector('.pando-split-list')?.scrollTop ?? 0;
    menuOpened = opened;
    shown.innerHTML = opened ? paint.menuHtml : paint.html;
    const list = shown.querySelector('.pando-split-list');
    if (list) list.scrollTop = scrolled;
  };
  render(false);
  shown.addEventListener('click', (event) => {
    if (!isPlainClick(event) || !(event.target instanceof Element)) return;
    const href = event.target.closest('a[href]')?.getAttribute('href');
    if (href?.startsWith('/')) {
      event.preventDefault();
      // As BootShell: a choice closes the menu, and the chosen row is the highlighted one.
      if (menuOpened) render(false);
      const rows = shown.querySelector('nav[aria-label="Conversations"]');
      for (const row of rows?.querySelectorAll('[aria-current="page"]') ?? [])
        row.removeAttribute('aria-current');
      rows?.querySelector(`a[href="${CSS.escape(href)}"]`)?.setAttribute('aria-current', 'page');
      onNavigate(href);
    } else if (event.target.closest('[data-menu-burger]')) {
      render(!menuOpened);
      shown.querySelector<HTMLElement>('[data-menu-burger]')?.focus();
    }
  });
  root.before(shown);
  const observer = new MutationObserver(() => {
    // While React renders the app held behind the list (StaticPaintGate's hidden wrapper; what
    // the provider renders beside it, its styles and notification regions, shows nothing), the
    // list stays; anything else React commits (an error screen, the app without the gate)
    // replaces it in the same frame.
    const held = [...root.children].some((el) => el.hasAttribute(HOLD_ATTRIBUTE));
    if (!held) hideStaticPaint();
  });
  hide = () => {
    observer.disconnect();
    shown.remove();
  };
  observer.observe(root, { childList: true });
  return true;
}
