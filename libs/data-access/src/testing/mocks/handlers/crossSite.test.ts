import { TEXTS } from '@pando/domain';
import { DEMO_ACCOUNTS } from '@pando/domain/demo';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../backend';
import { formsStateOf } from './scopes/forms';
import { servedMockBackend } from './servedBackend';

/** A real 1×1 PNG (the mock types uploads by their bytes, as the server). */
const ONE_PIXEL_PNG = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  ),
  (c) => c.charCodeAt(0),
);

const OURS = 'http://pando.test';

describe('uploads and other calls that change data from another site, on the mock backend (as the server’s CSRF check)', () => {
  const { backend, signIn } = servedMockBackend();

  /** alice's session cookie, as a browser tab sends it. */
  const aliceCookie = () => {
    const bearer = signIn(DEMO_ACCOUNTS.alice).Authorization.replace('Bearer ', '');
    const session = backend.state.sessions.find((s) => s.access_token === bearer);
    if (!session) throw new Error('no session for alice');
    return `${SESSION_COOKIE}=${session.token}`;
  };

  // The chat's file upload and the forms' file upload: both multipart, both cookie-authenticated.
  const uploads = ['/api/v4/files', '/api/v4/structured/files'];
  const stored = () => backend.state.files.length + formsStateOf(backend).files.size;

  const upload = (path: string, headers: Record<string, string>) => {
    const form = new FormData();
    form.set('file', new File([ONE_PIXEL_PNG], 'pixel.png', { type: 'image/png' }));
    return fetch(`${OURS}${path}`, {
      method: 'POST',
      headers: { cookie: aliceCookie(), ...headers },
      body: form,
    });
  };

  it('refuses an upload from another Origin with 403 (“Cross-origin request refused”), keeping nothing', async () => {
    const before = stored();
    for (const path of uploads) {
      const res = await upload(path, { origin: 'https://evil.example' });
      expect(res.status, path).toBe(403);
      expect(await res.json()).toMatchObject({
        message: TEXTS.crossOriginRefused,
        details: [{ path: 'origin', message: `must be ${OURS}` }],
      });
    }
    expect(stored()).toBe(before);
    for (const path of uploads)
      expect((await upload(path, { origin: OURS })).status, path).toBe(201);
  });

  it('refuses an upload without Origin that Sec-Fetch-Site says is cross-site with 403 (“Cross-site upload refused”)', async () => {
    const before = stored();
    for (const path of uploads)
      for (const site of ['cross-site', 'same-site']) {
        const res = await upload(path, { 'sec-fetch-site': site });
        expect(res.status, `${path} ${site}`).toBe(403);
        expect(await res.json()).toMatchObject({
          message: TEXTS.crossSiteUploadRefused,
          details: [{ path: 'sec-fetch-site' }],
        });
      }
    expect(stored()).toBe(before);
    for (const path of uploads)
      expect((await upload(path, { 'sec-fetch-site': 'same-origin' })).status, path).toBe(201);
  });

  it('refuses a JSON change from another Origin too, before the session', async () => {
    const name = 'Cross-site team';
    const res = await fetch(`${OURS}/api/v4/teams`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ name, user_ids: [] }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ message: TEXTS.crossOriginRefused });
    expect(backend.state.teams.map((t) => t.name)).not.toContain(name);
  });
});
