/**
 * The HTTP client sends every 401 to `/login?msg=logged-out&redirect=…` (spec 01 §8). A visitor
 * who never had a session in this page was not logged out: spec 01 §8 "Unauthenticated state
 * redirects to /login with a message and redirect target", and that message is `unauthorised`.
 */
export function loginTarget(clientUrl: string, hadSession: boolean): string {
  if (hadSession) return clientUrl;
  const url = new URL(clientUrl, 'http://pando.invalid');
  url.searchParams.set('msg', 'unauthorised');
  return `${url.pathname}${url.search}`;
}

/**
 * /login and /validate (and below): the signed-out pages. A first load there renders the login
 * page without the router and skips the signed-in preloads (issue 16).
 */
export function isLoginPath(pathname: string): boolean {
  return /^\/(login|validate)(\/|$)/.test(pathname);
}
