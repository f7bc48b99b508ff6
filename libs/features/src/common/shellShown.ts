/**
 * The window event the signed-in shell sends once it is on screen with its lists (issue 37). The
 * web app's first paint (apps/web `boot/`) shows the chat list from the offline copy until then
 * and gives way to the app on this event: the two never show at once, and nothing flashes
 * between them.
 */
export const SHELL_SHOWN = 'pando:shell-shown';

export function announceShellShown(): void {
  window.dispatchEvent(new Event(SHELL_SHOWN));
}
