import { afterEach, describe, expect, it } from 'vitest';
import type { HttpClient } from '../http/createHttpClient';
import { logoutPending, PENDING_LOGOUT_ITEM, validateLoginCode } from './login';

/** A localStorage stand-in: the data-access tests run in Node. */
function installStorage(): Map<string, string> {
  const items = new Map<string, string>();
  Object.defineProperty(globalThis, 'localStorage', {
    configurable: true,
    value: {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => items.set(k, v),
      removeItem: (k: string) => items.delete(k),
    },
  });
  return items;
}

function answering(body: unknown): HttpClient {
  return {
    baseUrl: 'https://pando.test/api/v4',
    request: () => Promise.resolve(body),
    url: (p: string) => p,
    headers: {},
  } as unknown as HttpClient;
}

afterEach(() => {
  Reflect.deleteProperty(globalThis, 'localStorage');
});

describe('a logout made in a dead zone (issue 37)', () => {
  it('is pending until a login replaces the session cookie', async () => {
    const items = installStorage();
    items.set(PENDING_LOGOUT_ITEM, '2026-11-28T10:00:00.000Z');
    expect(logoutPending()).toBe(true);

    // A wrong code changes nothing: the old session's cookie is still the browser's.
    await validateLoginCode(
      answering({ kind: 'bad-request', status: 400, message: 'Invalid code' }),
      {
        authorization_code: 'abc123',
      },
    );
    expect(logoutPending()).toBe(true);

    // A new session: ending the pending one now would end this one.
    await validateLoginCode(answering({ access_token: 't' }), { authorization_code: 'abc123' });
    expect(logoutPending()).toBe(false);
  });

  it('is never pending without storage', () => {
    expect(logoutPending()).toBe(false);
  });
});
