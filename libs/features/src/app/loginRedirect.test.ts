import { describe, expect, it } from 'vitest';
import { loginTarget } from './loginRedirect';

describe('where a 401 sends the visitor', () => {
  it('any 401 during a session sends to login with msg=logged-out (spec 01 §4)', () => {
    expect(loginTarget('/login?msg=logged-out&redirect=%2Fteams%2F4', true)).toBe(
      '/login?msg=logged-out&redirect=%2Fteams%2F4',
    );
  });
  it('unauthenticated visitors go to /login with msg=unauthorised and the redirect (spec 01 §8)', () => {
    expect(loginTarget('/login?msg=logged-out&redirect=%2Fteams%2F4', false)).toBe(
      '/login?msg=unauthorised&redirect=%2Fteams%2F4',
    );
  });
});
