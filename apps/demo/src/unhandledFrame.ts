/**
 * What the demo's service worker does with a request no mock handler answers (issue 35): a call
 * to the API or the chat on the demo's own origin (`/api/…`, `/xmpp…`) is an error (the demo
 * must never reach a server, and a missing mock should be loud), while everything else goes to
 * the network as usual — above all the page's own navigations: a reload or a deep link such as
 * `/manage/users` is a document request through the installed worker, which the "error"
 * strategy answered with MSW's raw JSON error instead of the page. Static files (the app's
 * chunks, fonts, the favicon) and other origins pass too.
 */
export function mockOnly(url: string, origin: string): boolean {
  const parsed = new URL(url, origin);
  if (parsed.origin !== new URL(origin).origin) return false;
  // The API base is absolute (`/api/v4`, DemoApp) whatever the demo's DEMO_BASE.
  return /^\/(api|xmpp)(\/|$)/.test(parsed.pathname);
}
