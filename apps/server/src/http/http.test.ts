import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema, RuntimeConfigSchema } from '@pando/domain';
import { startTestServer, type TestServer } from '../testing/testServer.js';

let server: TestServer;
let webDir: string;

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pando-web-'));
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><title>Pando</title><div id="root"></div>',
  );
  fs.writeFileSync(path.join(webDir, 'assets', 'index-B4x9QzLm.js'), 'console.log("app")');
  // The web build writes .br/.gz beside each text asset (apps/web/vite.config.ts).
  const bundle = `console.log(${JSON.stringify('chat '.repeat(400))})`;
  fs.writeFileSync(path.join(webDir, 'assets', 'chat-C5y0RkNp.js'), bundle);
  fs.writeFileSync(
    path.join(webDir, 'assets', 'chat-C5y0RkNp.js.br'),
    zlib.brotliCompressSync(bundle),
  );
  fs.writeFileSync(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // The installable app's files (apps/web vite.config.ts pwa(), issue 37), the worker compressed.
  const worker = `self.precache(${JSON.stringify('assets/chat-C5y0RkNp.js '.repeat(100))})`;
  fs.writeFileSync(path.join(webDir, 'sw.js'), worker);
  fs.writeFileSync(path.join(webDir, 'sw.js.br'), zlib.brotliCompressSync(worker));
  fs.writeFileSync(path.join(webDir, 'workbox-d8ed3718.js'), 'self.workbox = {}');
  fs.writeFileSync(path.join(webDir, 'manifest.webmanifest'), '{"name":"Pando"}');
  fs.writeFileSync(path.join(webDir, 'pwa-192.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
  // The first paint's files (apps/web firstPaintHints.ts), hinted on a signed-in navigation to `/`.
  fs.writeFileSync(
    path.join(webDir, 'first-paint-hints.json'),
    JSON.stringify({
      scripts: ['/assets/firstPaint-Ab12Cd34.js', '/assets/firstPaintGate-Ef56Gh78.js'],
      returning: ['/assets/firstPaint-Ab12Cd34.js'],
      styles: ['/assets/firstPaintGate-Ij90Kl12.css'],
    }),
  );
  server = await startTestServer({
    webDistDir: webDir,
    seed: false,
    chatWsUrl: 'wss://chat.example.org/xmpp',
  });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('GET /api/v4/health', () => {
  it('answers 200 with the database reachable', async () => {
    const res = await fetch(`${server.url}/api/v4/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: 'ok' });
  });
});

describe('the web app', () => {
  it('serves index.html for client routes (history fallback), never cached', async () => {
    for (const route of [
      '/',
      '/login',
      '/patients/12',
      '/teams/3/advice-conversations/9',
      '/manage/users?x=1',
    ]) {
      const res = await fetch(`${server.url}${route}`, {
        headers: { accept: 'text/html,application/xhtml+xml' },
      });
      expect(res.status, route).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it("hints the chat list's first paint with a signed-in navigation to / only (issue 37)", async () => {
    // fetch() drops the Cookie and Sec-Fetch-* headers a browser sets itself: inject() keeps them.
    const open = async (headers: Record<string, string>, url = '/') => {
      const res = await server.app.inject({ url, headers: { accept: 'text/html', ...headers } });
      return { status: res.statusCode, link: res.headers.link, vary: res.headers.vary };
    };
    const navigate = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' };
    const signedIn = await open({ ...navigate, cookie: 'pando_session=some-token' });
    expect(signedIn.status).toBe(200);
    expect(signedIn.vary).toMatch(/Cookie/);
    const links = String(signedIn.link).split(', ');
    expect(links).toEqual([
      '</assets/firstPaint-Ab12Cd34.js>; rel=modulepreload',
      '</assets/firstPaintGate-Ef56Gh78.js>; rel=modulepreload',
      '</assets/firstPaintGate-Ij90Kl12.css>; rel=preload; as=style; crossorigin=anonymous',
      '</api/v4/login/current?embed=hospital>; rel=preload; as=fetch; crossorigin=anonymous',
      '</api/v4/teams-with-advices-conversations>; rel=preload; as=fetch; crossorigin=anonymous',
    ]);
    // The hinted answers are where the server serves them (refused here: the token is made up).
    for (const link of links.slice(3)) {
      const url = /^<([^>]+)>/.exec(link)?.[1] ?? '';
      expect((await fetch(`${server.url}${url}`)).status, url).toBe(401);
    }
    // Signed out, a script's fetch of the shell, and any other page: no hints.
    expect((await open(navigate)).link).toBeUndefined();
    expect((await open({ cookie: 'pando_session=some-token' })).link).toBeUndefined();
    // The copy of / the service worker keeps for returning visits (apps/web public/sw-routes.js
    // asks with this header), signed in or not: the first paint's chunk and the offline key.
    const workerCopy = await open({ 'pando-start-page': '1' });
    expect(workerCopy.vary).toMatch(/pando-start-page/i);
    expect(String(workerCopy.link).split(', ')).toEqual([
      '</assets/firstPaint-Ab12Cd34.js>; rel=modulepreload',
      '</api/v4/login/offline-key>; rel=preload; as=fetch; crossorigin=anonymous',
    ]);
    expect((await fetch(`${server.url}/api/v4/login/offline-key`)).status).toBe(401);
    const login = await open({ ...navigate, cookie: 'pando_session=some-token' }, '/login');
    expect(login).toMatchObject({ status: 200, link: undefined });
  });

  it('caches content-hashed assets for a year, immutable', async () => {
    const res = await fetch(`${server.url}/assets/index-B4x9QzLm.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const icon = await fetch(`${server.url}/favicon.svg`);
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  it('never lets a browser keep the service worker, its manifest or icons without asking (a deploy is found at once)', async () => {
    const files = {
      '/sw.js': /javascript/,
      '/workbox-d8ed3718.js': /javascript/,
      '/manifest.webmanifest': /^application\/manifest\+json/,
      '/pwa-192.png': /^image\/png/,
    };
    for (const [file, type] of Object.entries(files)) {
      const res = await fetch(`${server.url}${file}`, { headers: { 'accept-encoding': 'br' } });
      expect(res.status, file).toBe(200);
      expect(res.headers.get('content-type'), file).toMatch(type);
      expect(res.headers.get('cache-control'), file).toBe('no-cache');
    }
    const compressed = await fetch(`${server.url}/sw.js`, { headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');
  });

  it('sends the precompressed file to a browser that accepts it, the plain one otherwise', async () => {
    const url = `${server.url}/assets/chat-C5y0RkNp.js`;
    const plainBytes = fs.statSync(path.join(webDir, 'assets', 'chat-C5y0RkNp.js')).size;
    const compressed = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(compressed.headers.get('content-type')).toMatch(/javascript/);
    expect(compressed.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(compressed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Number(compressed.headers.get('content-length'))).toBeLessThan(plainBytes / 10);
    expect(await compressed.text()).toContain('chat chat');
    const plain = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(Number(plain.headers.get('content-length'))).toBe(plainBytes);
    // A file the build did not compress is sent as it is, whatever the browser accepts.
    const small = await fetch(`${server.url}/assets/index-B4x9QzLm.js`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.text()).toBe('console.log("app")');
  });

  it('answers unknown /api paths with the JSON 404, not the app', async () => {
    const res = await fetch(`${server.url}/api/v4/nothing-here`, {
      headers: { accept: 'text/html' },
    });
    expect(res.status).toBe(404);
    expect(ApiErrorSchema.parse(await res.json()).statusCode).toBe(404);
  });

  it('keeps a missing script a 404 rather than answering it with HTML', async () => {
    const res = await fetch(`${server.url}/assets/old-deadbeef.js`, { headers: { accept: '*/*' } });
    expect(res.status).toBe(404);
  });

  it('puts the security headers on every response: strict CSP without unsafe-inline scripts, nosniff, frame-ancestors none', async () => {
    for (const url of ['/', '/api/v4/health', '/api/v4/nothing', '/assets/index-B4x9QzLm.js']) {
      const res = await fetch(`${server.url}${url}`);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self';");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("connect-src 'self' wss://chat.example.org");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      // Plain http (the quick start): no HSTS.
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });
});

describe('GET /api/config', () => {
  it('gives the SPA its runtime configuration', async () => {
    const res = await fetch(`${server.url}/api/config`);
    expect(res.status).toBe(200);
    const config = RuntimeConfigSchema.parse(await res.json());
    expect(config).toMatchObject({
      api_base: '/api/v4',
      chat_websocket_url: 'wss://chat.example.org/xmpp',
      chat_domain: 'localhost',
      product_name: 'Pando',
      demo: false,
      redirect_disabled: false,
      analytics_scope: null,
    });
  });

  it('derives the chat URL from the request when CHAT_WS_URL is unset', async () => {
    const plain = await startTestServer({ seed: false });
    try {
      const res = await fetch(`${plain.url}/api/config`);
      const config = RuntimeConfigSchema.parse(await res.json());
      expect(config.chat_websocket_url).toBe(`${plain.url.replace('http', 'ws')}/xmpp`);
    } finally {
      await plain.close();
    }
  });
});

describe('hostile input', () => {
  it('answers malformed JSON, huge bodies and prototype keys with 4xx, never a crash', async () => {
    const bad = await fetch(`${server.url}/api/v4/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": "a@b.c", ',
    });
    expect(bad.status).toBe(400);
    const huge = await fetch(`${server.url}/api/v4/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'x'.repeat(2_000_000) }),
    });
    expect(huge.status).toBe(413);
    expect(ApiErrorSchema.parse(await huge.json()).statusCode).toBe(413);
    const proto = await fetch(`${server.url}/api/v4/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"__proto__": {"admin": true}, "email": "someone@example.org"}',
    });
    expect(proto.status).toBe(200);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect((await fetch(`${server.url}/api/v4/health`)).status).toBe(200);
  });
});

describe('dev mailbox', () => {
  it('exists outside production only', async () => {
    expect((await fetch(`${server.url}/api/dev/mailbox?to=a@b.co`)).status).toBe(200);
    const prod = await startTestServer({ seed: false, env: 'production' });
    try {
      const res = await fetch(`${prod.url}/api/dev/mailbox?to=a@b.co`);
      expect(res.status).toBe(404);
      expect(prod.app.devMailbox).toBeUndefined();
    } finally {
      await prod.close();
    }
  });
});
