/**
 * Login rules of spec 01 §5, used until `@pando/domain` publishes its own (the domain library is
 * written in parallel). Only the components of this folder read these; swap the import for the
 * domain's functions once they land so the rule lives in exactly one place.
 */

/** Spec 01 §5: "Login email must contain '@' and '.'". */
export function isLoginEmailValid(email: string): boolean {
  const trimmed = email.trim();
  return trimmed.includes('@') && trimmed.includes('.');
}

/** Spec 01 §5: "auto-submitted at 6 characters without a dash or 7 with a dash". */
export function isLoginCodeComplete(code: string): boolean {
  const trimmed = code.trim();
  return trimmed.includes('-') ? trimmed.length === 7 : trimmed.length === 6;
}
