import { setupServer } from 'msw/node';
import { afterAll, beforeAll } from 'vitest';
import { createMockBackend } from '../backend';
import { createHandlers } from './index';

/**
 * For a handler test: a fresh mock backend served by MSW for the enclosing `describe` block, and
 * `signIn(email)`, the bearer header of a demo person logged in through the mock's own login.
 */
export function servedMockBackend() {
  const backend = createMockBackend();
  const server = setupServer(...createHandlers(backend));
  beforeAll(() => {
    server.listen({ onUnhandledFrame: 'error' });
  });
  afterAll(() => {
    server.close();
  });

  function signIn(email: string) {
    const challenge = backend.startLogin(email);
    const code = /([A-Z0-9]{3}-[A-Z0-9]{3})/.exec(backend.state.mailbox[0]?.text ?? '')?.[1] ?? '';
    const done = backend.finishLogin(challenge, code);
    if (!done.ok) throw new Error(`no session for ${email}`);
    return { Authorization: `Bearer ${done.session.access_token}` };
  }

  return { backend, signIn };
}
