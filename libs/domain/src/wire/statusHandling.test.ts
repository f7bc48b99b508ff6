import { describe, expect, it } from 'vitest';
import {
  isIgnoredChatRoomError,
  loginBannerText,
  requestCodeErrorText,
  statusHandling,
  validateCodeError,
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
    });
    expect(statusHandling(403, 'GET')).toEqual({ action: 'throw', notify: null, log: null });
  });
  it('404: thrown; 409: a data conflict; 422: unprocessable notification for non-GET', () => {
    expect(statusHandling(404, 'DELETE')).toEqual({ action: 'throw', notify: null, log: null });
    expect(statusHandling(409, 'POST')).toEqual({ action: 'conflict' });
    expect(statusHandling(422, 'POST')).toMatchObject({
      notify: 'Your action could not be processed, please change what you sent and try again.',
    });
    expect(statusHandling(422, 'GET')).toMatchObject({ notify: null });
  });
  it("anything else: a server-error notification for non-GET; thrown with '[INTERNAL SERVER ERROR]'", () => {
    expect(statusHandling(502, 'PATCH')).toEqual({
      action: 'throw',
      notify: 'There was an error on the server. The engineering team has been notified.',
      log: '[INTERNAL SERVER ERROR]',
    });
    expect(statusHandling(500, 'GET')).toMatchObject({
      notify: null,
      log: '[INTERNAL SERVER ERROR]',
    });
    expect(statusHandling(204, 'GET')).toEqual({ action: 'ok' });
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
