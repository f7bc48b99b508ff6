import { describe, expect, it } from 'vitest';
import { isSendToEmailValid, OWN_EMAIL_PLACEHOLDER, resolveExportEmail } from './sendToEmail';

describe('send-to-email (spec 01 §5, spec 02 §5)', () => {
  it('trimmed; must contain @ and a dot, with the @ before the last dot', () => {
    expect(isSendToEmailValid('  alice@example.org ')).toBe(true);
    expect(isSendToEmailValid('first.last@nhs.net')).toBe(true);
    expect(isSendToEmailValid('alice@localhost')).toBe(false);
    expect(isSendToEmailValid('alice.example@org')).toBe(false);
    expect(isSendToEmailValid('alice.example.org')).toBe(false);
  });

  it("a placeholder meaning the user's own address is accepted", () => {
    expect(resolveExportEmail(OWN_EMAIL_PLACEHOLDER, 'me@example.org')).toEqual({
      ok: true,
      address: 'me@example.org',
    });
    expect(resolveExportEmail(' you@example.org ', 'me@example.org')).toEqual({
      ok: true,
      address: 'you@example.org',
    });
    expect(resolveExportEmail('nope', 'me@example.org')).toEqual({
      ok: false,
      error: 'Invalid email address',
    });
  });
});
