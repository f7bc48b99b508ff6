/** Spec 01 §2: the header's search box is hidden on /patients and /manage (and below them). */
export function isHeaderSearchVisible(pathname: string): boolean {
  return !['/patients', '/manage'].some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}
