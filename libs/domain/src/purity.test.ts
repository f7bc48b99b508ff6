import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('.', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

const files = sourceFiles(SRC);
const nonTest = files.filter((f) => !/\.test\.tsx?$/.test(f));

const SPECIFIER =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;

function specifiers(code: string): string[] {
  return [...code.matchAll(SPECIFIER)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
}

/** What the domain may import: itself (relative), zod, dayjs and papaparse. */
const ALLOWED = /^(\.{1,2}\/|zod(\/|$)|dayjs(\/|$)|papaparse$)/;
const FORBIDDEN =
  /^(react|react-dom|react-router|@mantine\/|@pando\/|@tanstack\/|@xmpp\/|ltx|ws|node:|fs|path|http|https|axios|node-fetch|undici|msw|ky)/;

/** DOM, network and timer globals that would make a rule impure. */
const FORBIDDEN_GLOBALS = [
  'fetch',
  'window',
  'document',
  'localStorage',
  'sessionStorage',
  'navigator',
  'setTimeout',
  'setInterval',
  'XMLHttpRequest',
  'WebSocket',
  'process',
  'require',
];

function stripCommentsAndStrings(code: string): string {
  return code
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
    .replace(/'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`/g, "''");
}

describe('libs/domain purity', () => {
  it('finds the source files it checks', () => {
    expect(nonTest.length).toBeGreaterThan(10);
  });

  it('imports nothing from React, the DOM, the network or Node (only zod, dayjs, papaparse)', () => {
    const offenders = nonTest.flatMap((file) =>
      specifiers(readFileSync(file, 'utf8'))
        .filter((s) => FORBIDDEN.test(s) || !ALLOWED.test(s))
        .map((s) => `${relative(SRC, file)}: ${s}`),
    );
    expect(offenders).toEqual([]);
  });

  it('uses no DOM, network or timer globals (fetch, window, document, localStorage, setTimeout…)', () => {
    const offenders = nonTest.flatMap((file) => {
      const code = stripCommentsAndStrings(readFileSync(file, 'utf8'));
      return FORBIDDEN_GLOBALS.filter((g) =>
        new RegExp(`(^|[^.\\w$])${g}\\s*[.(\\[]|\\btypeof\\s+${g}\\b`).test(code),
      ).map((g) => `${relative(SRC, file)}: ${g}`);
    });
    expect(offenders).toEqual([]);
  });

  it('reads no clock and no randomness itself (Date.now, new Date(), Math.random): callers pass them in', () => {
    const IMPURE =
      /\bDate\.now\s*\(|\bnew\s+Date\s*\(\s*\)|\bMath\.random\b|\bperformance\.now\b|\bcrypto\./;
    const offenders = nonTest.filter((file) =>
      IMPURE.test(stripCommentsAndStrings(readFileSync(file, 'utf8'))),
    );
    expect(offenders.map((f) => relative(SRC, f))).toEqual([]);
    expect(IMPURE.test('const t = Date.now();')).toBe(true);
    expect(IMPURE.test('new Date( )')).toBe(true);
    expect(IMPURE.test('new Date(now.getTime())')).toBe(false);
  });

  it('the checks themselves catch a forbidden import and a forbidden global', () => {
    expect(specifiers("import { useState } from 'react';\nimport x from './x';")).toEqual([
      'react',
      './x',
    ]);
    expect(FORBIDDEN.test('@mantine/core')).toBe(true);
    expect(FORBIDDEN.test('node:fs')).toBe(true);
    expect(ALLOWED.test('zod')).toBe(true);
    const code = stripCommentsAndStrings("const a = 'window.x'; // fetch(\nwindow.alert(1)");
    expect(/(^|[^.\w$])window\s*[.([]/.test(code)).toBe(true);
    expect(/(^|[^.\w$])fetch\s*[.([]/.test(code)).toBe(false);
  });
});
