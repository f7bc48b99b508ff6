import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FIRST_PAINT_HINTS_FILE } from '@pando/domain';
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

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('firstPaintLinks', () => {
  it('reads the session cookie by its production name (__Host- when served over https)', () => {
    const links = firstPaintLinks(
      buildWith(JSON.stringify({ scripts: ['/assets/firstPaint-Ab12Cd34.js'], styles: [] })),
    );
    expect(links?.(navigation({ '__Host-pando_session': 'token' }))).toContain(
      '</assets/firstPaint-Ab12Cd34.js>; rel=modulepreload',
    );
    expect(links?.(navigation({ pando_session: 'token' }))).toBeUndefined();
  });

  it('sends no hints without the build file, or with one it cannot trust', () => {
    expect(firstPaintLinks(buildWith(undefined))).toBeUndefined();
    for (const hostile of [
      'not json',
      '{"scripts": "/assets/a.js", "styles": []}',
      // Anything but a file of the build's assets (a header injection, another site).
      JSON.stringify({
        scripts: ['/assets/a.js>; rel=preload, <https://evil.example/x'],
        styles: [],
      }),
      JSON.stringify({ scripts: ['https://evil.example/x.js'], styles: [] }),
      JSON.stringify({ scripts: ['/assets/../config.json'], styles: [] }),
    ])
      expect(firstPaintLinks(buildWith(hostile)), hostile).toBeUndefined();
  });
});
