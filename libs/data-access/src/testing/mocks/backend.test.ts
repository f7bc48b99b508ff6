import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_CODE_MINUTES } from '@pando/domain';
import { createMockBackend } from './backend';
import { createHandlers } from './handlers';

describe('mock backend', () => {
  it('is deterministic: the same seed gives the same login codes, ids and uuids', () => {
    const codes = () => {
      const backend = createMockBackend({ randomSeed: 42 });
      backend.startLogin('alice@example.org');
      backend.startLogin('bob@example.org');
      return backend.state.mailbox.map((m) => m.text);
    };
    expect(codes()).toEqual(codes());
    expect(createMockBackend().state.users.map((u) => u.uuid)).toEqual(
      createMockBackend().state.users.map((u) => u.uuid),
    );
  });

  it('mails a code only to known people, as XXX-XXX, newest first (same as the dev mailbox)', () => {
    const backend = createMockBackend();
    backend.startLogin('stranger@example.org');
    backend.startLogin('Alice@Example.org ');
    backend.startLogin('alice@example.org');
    expect(backend.state.mailbox.map((m) => m.to)).toEqual([
      'alice@example.org',
      'alice@example.org',
    ]);
    expect(backend.state.mailbox[0]?.text).toMatch(/\b[A-Z0-9]{3}-[A-Z0-9]{3}\b/);
  });

  it('only the newest code works, once (spec: a login code can be used once)', () => {
    const backend = createMockBackend();
    const first = backend.startLogin('alice@example.org');
    const firstCode =
      /([A-Z0-9]{3}-[A-Z0-9]{3})/.exec(backend.state.mailbox[0]?.text ?? '')?.[1] ?? '';
    const second = backend.startLogin('alice@example.org');
    const secondCode =
      /([A-Z0-9]{3}-[A-Z0-9]{3})/.exec(backend.state.mailbox[0]?.text ?? '')?.[1] ?? '';
    expect(backend.finishLogin(first, firstCode)).toEqual({ ok: false, status: 400 });
    expect(backend.finishLogin(second, secondCode).ok).toBe(true);
    expect(backend.finishLogin(second, secondCode)).toEqual({ ok: false, status: 400 });
  });

  it("a login code works for LOGIN_CODE_MINUTES (10), as the server's, and is refused from then on", () => {
    let now = Date.parse('2026-03-02T08:00:00Z');
    const backend = createMockBackend({ now: () => new Date(now) });
    const codeFor = (email: string) => {
      const challenge = backend.startLogin(email);
      const code = /([A-Z0-9]{3}-[A-Z0-9]{3})/.exec(backend.state.mailbox[0]?.text ?? '')?.[1];
      return { challenge, code: code ?? '' };
    };
    const inTime = codeFor('alice@example.org');
    expect(backend.state.mailbox[0]?.text).toContain(`valid for ${LOGIN_CODE_MINUTES} minutes`);
    now += LOGIN_CODE_MINUTES * 60_000 - 1;
    expect(backend.finishLogin(inTime.challenge, inTime.code)).toMatchObject({ ok: true });
    const late = codeFor('bob@example.org');
    now += LOGIN_CODE_MINUTES * 60_000;
    expect(backend.finishLogin(late.challenge, late.code)).toEqual({ ok: false, status: 400 });
  });

  it('seeds the demo organisation of ARCHITECTURE.md', () => {
    const { state } = createMockBackend();
    const level = (email: string) => state.users.find((u) => u.email === email)?.access_level;
    expect(level('pando.admin@example.org')).toBe('PANDO_ADMIN');
    expect(level('network.admin@example.org')).toBe('NETWORK_ADMIN');
    expect(level('org.admin@example.org')).toBe('ORGANISATION_ADMIN');
    expect(level('carol@example.org')).toBe('USER');
    expect(level('dave@example.net')).toBe('USER_VERIFIED');
    const advice = state.teams.find((t) => t.name === 'Cardiology Advice');
    expect(advice?.public_data.enabled).toBe(true);
    expect(advice?.user_ids).not.toContain(
      state.users.find((u) => u.email === 'alice@example.org')?.id,
    );
    const forum = state.teams.find((t) => t.name === 'Junior Doctors Forum');
    expect(forum).toMatchObject({ discoverable: true, auto_accept: true });
  });
});

describe('mock handlers', () => {
  const server = setupServer(...createHandlers(createMockBackend()));
  beforeAll(() => {
    server.listen({ onUnhandledFrame: 'error' });
  });
  afterAll(() => {
    server.close();
  });

  it('refuse calls without a session with 401 and the API error body', async () => {
    const response = await fetch('http://pando.test/api/v4/teams-with-advices-conversations');
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ statusCode: 401 });
  });

  it('fail loudly on a request no handler knows (onUnhandledFrame: error)', async () => {
    await expect(fetch('http://pando.test/api/v4/no-such-endpoint')).rejects.toThrow();
  });

  it('name the offending field of an invalid body in a 400', async () => {
    const response = await fetch('http://pando.test/api/v4/auth', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'not-an-email' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ details: [{ path: 'email' }] });
  });
});
