import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEXTS } from '@pando/domain';
import { describe, expect, it } from 'vitest';

/**
 * One copy of each sentence (issue 38): a text of the domain's `TEXTS` is never typed again as a
 * string literal by the server; it names it (`TEXTS.cardReadOnly`), as the client does, so their
 * texts cannot drift apart (the hand-written mock backend's had, before the demo and the stories
 * ran the server itself: the team and advice-team refusals, the invitation).
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const SCANNED = ['apps/server/src'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('TEXTS are written once', () => {
  it('no server module types a TEXTS sentence again', () => {
    // Sentences, not words: a short text ("Cancel") may rightly appear in another role.
    const sentences: string[] = Object.values(TEXTS).flatMap((t: unknown) =>
      typeof t === 'string' && t.length >= 20 && t.includes(' ') ? [t] : [],
    );
    const copies = SCANNED.flatMap((dir) =>
      sources(join(ROOT, dir)).flatMap((file) => {
        const text = readFileSync(file, 'utf8');
        return sentences
          .filter((s) => [`'${s}'`, `"${s}"`, `\`${s}\``].some((q) => text.includes(q)))
          .map((s) => `${relative(ROOT, file)}: ${s}`);
      }),
    );
    expect(copies).toEqual([]);
  });

  it('no server error answer types its message: it names TEXTS or a domain rule', () => {
    // new HttpError(403, 'literal' …) / apiError(409, `literal` …), also across lines and comments.
    const literalMessage =
      /\b(?:HttpError|apiError)\(\s*\d+,\s*(?:\/\/[^\n]*\n\s*)*(['"`])([^'"`]*)/g;
    const typed = SCANNED.flatMap((dir) =>
      sources(join(ROOT, dir)).flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(literalMessage)].map(
          (m) => `${relative(ROOT, file)}: ${m[2] ?? ''}`,
        ),
      ),
    );
    expect(typed).toEqual([]);
    // The pattern sees what it is meant to (not a vacuous pass).
    const probe = "throw new HttpError(\n  403,\n  // why\n  'Typed here',\n);";
    expect([...probe.matchAll(literalMessage)].map((m) => m[2])).toEqual(['Typed here']);
  });
});
