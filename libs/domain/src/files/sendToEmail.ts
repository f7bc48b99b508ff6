import { TEXTS } from '../texts/texts';

/**
 * The placeholder an email export option may hold instead of an address: "send it to me"
 * (spec 02 §5 "A placeholder meaning the user's own address is accepted").
 */
export const OWN_EMAIL_PLACEHOLDER = '{{user.email}}';

/**
 * Spec 01 §5 / spec 02 §5 send-to-email: trimmed; must contain @ and a dot, with the @ before
 * the last dot. Otherwise Send is disabled.
 */
export function isSendToEmailValid(address: string): boolean {
  const value = address.trim();
  const at = value.indexOf('@');
  return at !== -1 && value.lastIndexOf('.') > at;
}

/**
 * The address a form email export sends to: the own-address placeholder becomes the user's
 * email; anything else must pass isSendToEmailValid. Returns the error text otherwise.
 */
export function resolveExportEmail(
  address: string,
  ownEmail: string,
): { ok: true; address: string } | { ok: false; error: string } {
  const value = address.trim();
  if (value === OWN_EMAIL_PLACEHOLDER) return { ok: true, address: ownEmail };
  return isSendToEmailValid(value)
    ? { ok: true, address: value }
    : { ok: false, error: TEXTS.invalidEmailAddress };
}
