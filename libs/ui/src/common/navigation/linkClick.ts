import type { MouseEvent } from 'react';

/** The keys and button of a click, as DOM and React mouse events both carry them. */
type ClickLike = Pick<
  globalThis.MouseEvent,
  'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey'
>;

/**
 * A plain left click: the app opens the link itself. With a modifier (Ctrl/⌘: new tab, Shift: new
 * window, Alt: download) or another button, the browser's own behaviour is kept.
 */
export const isPlainClick = (event: ClickLike): boolean =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * Components render real `<a href>` links (middle-click, copy link, screen-reader "link" role) but
 * let the app's router do the navigation: a plain left click is intercepted and handed to
 * `onNavigate`; modified clicks (new tab, new window) keep the browser's behaviour.
 */
export function interceptPlainClick(
  event: MouseEvent<HTMLElement>,
  href: string,
  onNavigate: ((href: string) => void) | undefined,
): void {
  if (!onNavigate || !isPlainClick(event)) return;
  event.preventDefault();
  onNavigate(href);
}
