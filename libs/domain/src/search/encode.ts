// Query encoding has no zod: the HTTP client needs it on the login route (issue 10 budget), so it
// lives apart from the search query schemas.

/**
 * Spec 02 §5: query values are percent-encoded, also escaping ! ( ) * (which
 * encodeURIComponent leaves alone).
 */
export function encodeQueryValue(value: string): string {
  return encodeURIComponent(value).replace(
    /[!()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** Builds a query string from pairs, skipping undefined values; keys are encoded the same way. */
export function buildQueryString(
  params: Readonly<Record<string, string | number | boolean | undefined | null>>,
): string {
  return Object.entries(params)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => `${encodeQueryValue(k)}=${encodeQueryValue(String(v))}`)
    .join('&');
}
