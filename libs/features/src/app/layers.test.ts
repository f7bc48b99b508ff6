import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The folders of libs/features in layers (README "Layout"; issue 38):
 * - `common/`: what every screen uses (services, notifications, the signed-in viewer,
 *   `preloadable`, the error boundary, the console's settings); imports no other folder;
 * - the areas (`advice`, `auth`, `chat`, …) and `shell` (the frame around them): import
 *   `common/` and nothing of each other's layers above; the shell imports no area;
 * - `app/`: the composition root and the route table, the only place that knows every area.
 * `testing/` (story helpers) may import anything.
 */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const AREAS = ['admin', 'advice', 'auth', 'chat', 'files', 'forms', 'patients', 'search', 'teams'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The top folder of libs/features/src that each relative import of `file` reaches. */
function importedFolders(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map(
    (m) => m[1] ?? '',
  );
  return specs.map((spec) => relative(SRC, resolve(dirname(file), spec)).split(/[\\/]/)[0] ?? '');
}

function offenders(folders: string[], forbidden: (folder: string) => boolean): string[] {
  return folders.flatMap((folder) =>
    sources(join(SRC, folder)).flatMap((file) =>
      importedFolders(file)
        .filter((to) => to !== folder && forbidden(to))
        .map((to) => `${relative(SRC, file)} → ${to}/`),
    ),
  );
}

describe('libs/features layers', () => {
  it('common/ imports no area, no shell and no app', () => {
    expect(offenders(['common'], (to) => to !== 'common')).toEqual([]);
  });

  it('the shell imports no area and not the app', () => {
    expect(offenders(['shell'], (to) => AREAS.includes(to) || to === 'app')).toEqual([]);
  });

  it('an area imports neither the shell nor the app', () => {
    expect(offenders(AREAS, (to) => to === 'shell' || to === 'app')).toEqual([]);
  });
});
