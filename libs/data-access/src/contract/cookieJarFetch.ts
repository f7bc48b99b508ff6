/**
 * A fetch that behaves like a browser tab for one origin: it keeps the cookies the server sets
 * (Node's fetch keeps none) and sends an Origin header on every request, as a browser does on
 * state-changing ones. One jar = one browser; two people need two jars.
 */
export function createCookieJarFetch(
  origin: string,
  base: typeof fetch = globalThis.fetch,
): typeof fetch {
  const jar = new Map<string, string>();
  return async (input, init = {}) => {
    const headers = new Headers(init.headers);
    if (jar.size > 0) headers.set('Cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    headers.set('Origin', origin);
    // `omit`: this jar is the only cookie source. Under MSW a fetch would fill in cookies from its
    // store (shared by every "browser" in the process) and could hide a missing session.
    const response = await base(input, { ...init, headers, credentials: 'omit' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some(
        (a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a),
      );
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  };
}
