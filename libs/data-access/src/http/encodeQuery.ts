/**
 * Percent-encodes a query key or value. `encodeURIComponent` leaves `! ' ( ) *` alone; the issue
 * asks for `! ( ) *` to be escaped too (some proxies and the legacy API treat them as syntax), and
 * `'` goes with them for the same reason (RFC 3986 sub-delims).
 */
export function encodeQueryComponent(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

export type QueryValue =
  string | number | boolean | null | undefined | readonly (string | number)[];
export type QueryParams = Readonly<Record<string, QueryValue>>;

/**
 * Builds `?a=1&b=x%2Cy` from a record. `undefined` and `null` are left out (an optional filter that
 * is not set must not reach the server as the string "undefined"); arrays become comma lists, the
 * form the API uses for `embed`, `include` and `users`.
 */
export function encodeQuery(params: QueryParams | undefined): string {
  if (!params) return '';
  const parts: string[] = [];
  for (const [key, raw] of Object.entries(params)) {
    if (raw === undefined || raw === null) continue;
    const value = Array.isArray(raw) ? raw.join(',') : String(raw);
    parts.push(`${encodeQueryComponent(key)}=${encodeQueryComponent(value)}`);
  }
  return parts.length === 0 ? '' : `?${parts.join('&')}`;
}
