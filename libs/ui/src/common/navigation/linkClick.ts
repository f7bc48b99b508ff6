import type { MouseEvent } from 'react';

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
  if (!onNavigate) return;
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return;
  event.preventDefault();
  onNavigate(href);
}
