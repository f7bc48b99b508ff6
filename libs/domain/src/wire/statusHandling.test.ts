import { describe, expect, it } from 'vitest';
import { TEXTS } from '../texts/texts';
import {
  isIgnoredChatRoomError,
  isRefusal,
  loginBannerText,
  rateLimitedText,
  refusalText,
  requestCodeErrorText,
  statusHandling,
  validateCodeError,
  waitInWords,
} from './statusHandling';

describe('central API handling by status (spec 01 §8)', () => {
  it("400: logged as '[BAD REQUEST]'; the call continues without a throw", () => {
    expect(statusHandling(400, 'POST')).toEqual({ action: 'continue', log: '[BAD REQUEST]' });
  });
  it('401: the user goes to login with msg=logged-out', () => {
    expect(statusHandling(401, 'GET')).toEqual({ action: 'logout' });
  });
  it('403: thrown; for non-GET a forbidden notification shows', () => {
    expect(statusHandling(403, 'PUT')).toEqual({
      action: 'throw',
      notify: 'You are not allowed to perform that action.',
      log: null,
      text: null,
    });
    expect(statusHandling(403, 'GET')).toEqual({
      action: 'throw',
      notify: null,
      log: null,
      text: null,
    });
  });
  it('403 FEATURE_NOT_ENABLED: no generic "not allowed" beside the screen\'s own notice', () => {
    expect(statusHandling(403, 'POST', 'FEATURE_NOT_ENABLED')).toMatchObject({
      action: 'throw',
      notify: null,
    });
    expect(statusHandling(403, 'POST', 'OTHER')).toMatchObject({ notify: TEXTS.forbidden });
  });
  it('404: thrown; 409: a data conflict; 422: unprocessable notification for non-GET', () => {
    expect(statusHandling(404, 'DELETE')).toEqual({
      action: 'throw',
      notify: null,
      log: null,
      text: null,
    });
    expect(statusHandling(409, 'POST')).toEqual({ action: 'conflict' });
    expect(statusHandling(422, 'POST')).toMatchObject({
      notify: 'Your action could not be processed, please change what you sent and try again.',
    });
    expect(statusHandling(422, 'GET')).toMatchObject({ notify: null });
  });
  it("5xx: a server-error notification for non-GET; '[INTERNAL SERVER ERROR]' is the log label, the error says a sentence", () => {
    expect(statusHandling(502, 'PATCH')).toEqual({
      action: 'throw',
      notify: 'There was an error on the server. The engineering team has been notified.',
      log: '[INTERNAL SERVER ERROR]',
      text: 'There was an error on the server. The engineering team has been notified.',
    });
    expect(statusHandling(500, 'GET')).toMatchObject({
      notify: null,
      log: '[INTERNAL SERVER ERROR]',
    });
    expect(statusHandling(204, 'GET')).toEqual({ action: 'ok' });
  });
  it("another 4xx (413, 415, 429…) notifies the server's own reason for non-GET and never claims a server fault", () => {
    for (const status of [408, 413, 415, 429]) {
      expect(statusHandling(status, 'POST', undefined, 'Try again in 2 minutes.')).toEqual({
        action: 'throw',
        notify: 'Try again in 2 minutes.',
        log: null,
        text: null,
      });
      expect(statusHandling(status, 'GET', undefined, 'x')).toMatchObject({ notify: null });
    }
    expect(statusHandling(413, 'POST')).toMatchObject({ notify: refusalText(413) });
    expect([400, 401, 403, 404, 409, 422, 429, 500].filter(isRefusal)).toEqual([429]);
  });
  it('no answer at all (status 0): the connection was lost, not "the engineering team"', () => {
    expect(statusHandling(0, 'PUT')).toEqual({
      action: 'throw',
      notify: TEXTS.connectionLost,
      log: '[INTERNAL SERVER ERROR]',
      text: TEXTS.connectionLost,
    });
    expect(statusHandling(0, 'GET')).toMatchObject({ notify: null, text: TEXTS.connectionLost });
  });
  it('a refusal without a message still says what to do', () => {
    expect(refusalText(413)).toMatch(/25 Mb/);
    expect(refusalText(415)).toMatch(/PDF/);
    expect(refusalText(429)).toMatch(/wait/);
    expect(refusalText(408)).toMatch(/try again/);
    expect(refusalText(418)).toBe(TEXTS.couldNotComplete);
  });
});

describe('login errors (spec 01 §8)', () => {
  it('request code: 401 unauthorised, 422 invalid email type, 403 forbidden, else the message', () => {
    expect(requestCodeErrorText(401, 'x')).toMatch(/account/);
    expect(requestCodeErrorText(422, 'x')).toMatch(/work email/);
    expect(requestCodeErrorText(403, 'x')).toBe(
      "You don't have permission to use the web application.",
    );
    expect(requestCodeErrorText(500, 'Server down')).toBe('Server down');
  });

  it('a login lockout (429) says how long to wait, in words, from Retry-After', () => {
    expect(
      requestCodeErrorText(429, 'Too many login attempts. Try again in 603 seconds.', 603),
    ).toBe('Too many login attempts. Try again in 11 minutes.');
    expect(requestCodeErrorText(429, 'Too many login attempts. Try again in 2 minutes.')).toBe(
      'Too many login attempts. Try again in 2 minutes.',
    );
  });

  it('waits read as a person says them, rounded up', () => {
    expect(waitInWords(1)).toBe('1 second');
    expect(waitInWords(45)).toBe('45 seconds');
    expect(waitInWords(60)).toBe('1 minute');
    expect(waitInWords(61)).toBe('2 minutes');
    expect(waitInWords(603)).toBe('11 minutes');
    expect(waitInWords(3600)).toBe('1 hour');
    expect(waitInWords(3900)).toBe('1 hour and 5 minutes');
    expect(waitInWords(7260)).toBe('2 hours and 1 minute');
    expect(waitInWords(0)).toBe('1 second');
    expect(rateLimitedText('file emails', 30)).toBe(
      'Too many file emails. Try again in 30 seconds.',
    );
  });

  it('code validation: 400 to 500 shows "Invalid code" and logs login_unsuccessful/auth_code_invalid', () => {
    expect(validateCodeError(400, 'x')).toEqual({
      text: 'Invalid code',
      logEvent: { event: 'login_unsuccessful', type: 'auth_code_invalid' },
    });
    expect(validateCodeError(500, 'x').text).toBe('Invalid code');
    expect(validateCodeError(503, 'Unavailable')).toEqual({ text: 'Unavailable', logEvent: null });
  });

  it('banner texts for msg: logged-out, forbidden, unauthorised', () => {
    expect(loginBannerText('logged-out')).toBe("You've been logged out.");
    expect(loginBannerText('forbidden')).toBe(
      "You don't have permission to use the web application.",
    );
    expect(loginBannerText('unauthorised')).toBeTruthy();
    expect(loginBannerText(null)).toBeNull();
  });

  it('ADVICE_TEAM_NOT_ACTIVE on chat-room lookups is ignored', () => {
    expect(isIgnoredChatRoomError('ADVICE_TEAM_NOT_ACTIVE')).toBe(true);
    expect(isIgnoredChatRoomError('OTHER')).toBe(false);
    expect(isIgnoredChatRoomError(undefined)).toBe(false);
  });
});
