import { encodeQueryValue } from '@pando/domain';

/**
 * Percent-encodes a query key or value the domain's way (spec 02 §5): `encodeURIComponent` plus
 * `! ( ) *`, which it leaves alone. One encoder for every query the client sends.
 */
export const encodeQueryComponent: (value: string) => string = encodeQueryValue;

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
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
