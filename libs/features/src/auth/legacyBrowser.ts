/**
 * Internet Explorer 11 or older (spec 01 §2: the legacy-browser flag disables the login inputs).
 * IE ≤ 10 says "MSIE", IE 11 says "Trident/7.0"; Edge says neither.
 */
export function isLegacyBrowser(userAgent: string): boolean {
  return /MSIE \d|Trident\/\d/.test(userAgent);
}
