import { describe, expect, it } from 'vitest';
import {
  formatAuthCode,
  isLoginEmailValid,
  loginStepForPath,
  loginUrl,
  normaliseAuthCode,
  normaliseLoginEmail,
  parseLoginMessage,
  safeRedirect,
  shouldAutoSubmitCode,
} from './login';
import {
  AuthCodeResponseSchema,
  AuthRequestSchema,
  AuthValidateRequestSchema,
  AuthValidateResponseSchema,
  LoginTokenResponseSchema,
} from './schemas';

describe('login rules (spec 01 §5)', () => {
  it("login email must contain '@' and '.'", () => {
    expect(isLoginEmailValid('alice@example.org')).toBe(true);
    expect(isLoginEmailValid('alice@example')).toBe(false);
    expect(isLoginEmailValid('alice.example.org')).toBe(false);
  });

  it('the email is lower-cased before sending', () => {
    expect(normaliseLoginEmail('  Alice@Example.ORG ')).toBe('alice@example.org');
  });

  it('auto-submits a code at 6 characters without a dash, or 7 with a dash', () => {
    expect(shouldAutoSubmitCode('abc12')).toBe(false);
    expect(shouldAutoSubmitCode('abc123')).toBe(true);
    expect(shouldAutoSubmitCode('abc-123')).toBe(true);
    expect(shouldAutoSubmitCode('abc-12')).toBe(false);
    expect(shouldAutoSubmitCode('abc1234')).toBe(false);
  });

  it('dashes are removed and the code lower-cased before sending', () => {
    expect(normaliseAuthCode('ABC-123')).toBe('abc123');
  });

  it('msg must be one of unauthorised, forbidden, logged-out', () => {
    expect(parseLoginMessage('unauthorised')).toBe('unauthorised');
    expect(parseLoginMessage('forbidden')).toBe('forbidden');
    expect(parseLoginMessage('logged-out')).toBe('logged-out');
    expect(parseLoginMessage('<script>')).toBeNull();
    expect(parseLoginMessage(null)).toBeNull();
  });

  it('code display: 3 characters, a dash, 3 characters, upper case', () => {
    expect(formatAuthCode('abc123')).toBe('ABC-123');
    expect(formatAuthCode('abc-123')).toBe('ABC-123');
    expect(formatAuthCode('ab')).toBe('AB');
  });

  it('redirect defaults to / and refuses other origins', () => {
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect('/patients/3')).toBe('/patients/3');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
    expect(safeRedirect('/login?x')).toBe('/');
  });

  it('redirect refuses control characters and whitespace (URL parsing would make /\t/ a //)', () => {
    for (const sneaky of [
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r/evil.example',
      '/ /evil.example',
      '/\u0000/evil.example',
      '/\u00a0/evil.example',
      '/patients/3\u2028',
    ]) {
      expect(safeRedirect(sneaky)).toBe('/');
    }
    // What a browser would make of the first one, and why it must be refused.
    expect(new URL('/\t/evil.example', 'https://pando.example.org').host).toBe('evil.example');
    expect(safeRedirect('/teams/4?tab=members#top')).toBe('/teams/4?tab=members#top');
  });

  it('a 401 sends the user to login with msg=logged-out and the redirect target', () => {
    expect(loginUrl('logged-out', '/teams/4')).toBe('/login?msg=logged-out&redirect=%2Fteams%2F4');
    expect(loginUrl('logged-out')).toBe('/login?msg=logged-out');
  });

  it('/login shows the email step; /validate opens at the code step', () => {
    expect(loginStepForPath('/login')).toBe('email');
    expect(loginStepForPath('/login/anything')).toBe('email');
    expect(loginStepForPath('/validate')).toBe('code');
    expect(loginStepForPath('/')).toBeNull();
  });
});

describe('auth wire schemas', () => {
  it('POST /auth takes email and an optional fcm_token; the email is lower-cased', () => {
    expect(AuthRequestSchema.parse({ email: ' Bob@Example.org ' })).toEqual({
      email: 'bob@example.org',
    });
    expect(AuthRequestSchema.parse({ email: 'a@b.co', fcm_token: 't' }).fcm_token).toBe('t');
  });

  it('a bad email names the field', () => {
    const r = AuthRequestSchema.safeParse({ email: 'nope' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['email']);
  });

  it('POST /auth/validate normalises the code and names the field when it is wrong', () => {
    expect(AuthValidateRequestSchema.parse({ authorization_code: 'ABC-123' })).toEqual({
      authorization_code: 'abc123',
    });
    const r = AuthValidateRequestSchema.safeParse({ authorization_code: 'abc' });
    expect(r.error?.issues[0]?.path).toEqual(['authorization_code']);
  });

  it('validate answer has access_token; login/token answer has token', () => {
    expect(AuthValidateResponseSchema.parse({ access_token: 'x' }).access_token).toBe('x');
    expect(AuthValidateResponseSchema.safeParse({}).error?.issues[0]?.path).toEqual([
      'access_token',
    ]);
    expect(LoginTokenResponseSchema.parse({ token: 't' }).token).toBe('t');
    expect(AuthCodeResponseSchema.parse({ authorization_code: 'abc123' })).toBeTruthy();
    expect(AuthCodeResponseSchema.safeParse({ authorization_code: 'abc' }).success).toBe(false);
  });
});
