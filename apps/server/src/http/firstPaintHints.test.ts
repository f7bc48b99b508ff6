import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FIRST_PAINT_HINTS_FILE, START_PAGE_REQUEST_HEADER } from '@pando/domain';
import type { FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { firstPaintLinks } from './firstPaintHints.js';

const dirs: string[] = [];
/** A server's configuration (served over https) whose web build holds `hints`, or no file. */
const buildWith = (hints: string | undefined) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pando-hints-'));
  dirs.push(dir);
  if (hints !== undefined) fs.writeFileSync(path.join(dir, FIRST_PAINT_HINTS_FILE), hints);
  return { secure: true, webDistDir: dir };
};
const navigation = (cookies: Record<string, string>) =>
  ({ headers: { 'sec-fetch-mode': 'navigate' }, cookies }) as unknown as FastifyRequest;
/** The service worker's request for its copy of `/` (apps/web public/sw-routes.js). */
const workerCopy = (cookies: Record<string, string>) =>
  ({
    headers: { 'sec-fetch-mode': 'cors', [START_PAGE_REQUEST_HEADER]: '1' },
    cookies,
  }) as unknown as FastifyRequest;
const BUILD = JSON.stringify({
  scripts: ['/assets/firstPaint-Ab12Cd34.js', '/assets/firstPaintGate-Ef56Gh78.js'],
  styles: [],
  returning: ['/assets/firstPaint-Ab12Cd34.js'],
});

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('firstPaintLinks', () => {
  it('reads the session cookie by its production name (__Host- when served over https)', () => {
    const links = firstPaintLinks(buildWith(BUILD));
    expect(links?.(navigation({ '__Host-pando_session': 'token' }))).toContain(
      '</assets/firstPaint-Ab12Cd34.js>; rel=modulepreload',
    );
    expect(links?.(navigation({ pando_session: 'token' }))).toBeUndefined();
  });

  it("hints the worker's copy of / with a returning visit's chunk and the offline key, signed in or not", () => {
    const links = firstPaintLinks(buildWith(BUILD));
    const expected =
      '</assets/firstPaint-Ab12Cd34.js>; rel=modulepreload, ' +
      '</api/v4/login/offline-key>; rel=preload; as=fetch; crossorigin=anonymous';
    // The copy answers later visits, whoever is signed in then: the cookie does not matter.
    expect(links?.(workerCopy({ '__Host-pando_session': 'token' }))).toBe(expected);
    expect(links?.(workerCopy({}))).toBe(expected);
    // A navigation's hints are the first visit's: both chunks and the two answers, not the key.
    const first = links?.(navigation({ '__Host-pando_session': 'token' }));
    expect(first).toContain('</assets/firstPaintGate-Ef56Gh78.js>; rel=modulepreload');
    expect(first).toContain('</api/v4/login/current?embed=hospital>; rel=preload; as=fetch');
    expect(first).not.toContain('offline-key');
    // Any other request for / (a script's fetch) gets none.
    expect(
      links?.({
        headers: { 'sec-fetch-mode': 'cors' },
        cookies: { '__Host-pando_session': 'token' },
      } as unknown as FastifyRequest),
    ).toBeUndefined();
  });

  it('sends no hints without the build file, or with one it cannot trust', () => {
    expect(firstPaintLinks(buildWith(undefined))).toBeUndefined();
    for (const hostile of [
      'not json',
      '{"scripts": "/assets/a.js", "styles": [], "returning": []}',
      // An older build's file, without the returning visit's list.
      JSON.stringify({ scripts: ['/assets/a.js'], styles: [] }),
      // Anything but a file of the build's assets (a header injection, another site).
      JSON.stringify({
        scripts: ['/assets/a.js>; rel=preload, <https://evil.example/x'],
        styles: [],
        returning: [],
      }),
      JSON.stringify({ scripts: ['https://evil.example/x.js'], styles: [], returning: [] }),
      JSON.stringify({ scripts: [], styles: [], returning: ['/assets/../config.json'] }),
    ])
      expect(firstPaintLinks(buildWith(hostile)), hostile).toBeUndefined();
  });
});
