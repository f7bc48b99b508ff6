import type { Plugin } from 'vite';
// The vite config is loaded by Node, which cannot resolve the domain library's extensionless
// TypeScript through its package: its one file, by path (its only import is a type).
// eslint-disable-next-line @nx/enforce-module-boundaries, no-restricted-imports -- see above
import {
  FIRST_PAINT_HINTS_FILE,
  type FirstPaintHints,
} from '../../libs/domain/src/endpoints/firstPaint';

/** The first paint's chunks (vite.config.ts `codeSplitting` groups). */
const FIRST_PAINT_CHUNKS = new Set(['firstPaint', 'firstPaintGate']);
/** The one a returning visit painted from the kept rendering runs (not React's half). */
const RETURNING_CHUNK = 'firstPaint';

/**
 * Writes `first-paint-hints.json` into the build (issue 37): the site paths of the chat list's
 * first-paint chunks, the chunks they import that the entry does not, and their stylesheets. On a
 * signed-in navigation to `/` the server sends them as `Link` preload hints with the page
 * (apps/server `http/firstPaintHints.ts`), so a first visit downloads them beside the entry
 * script instead of after it has run; and, for a returning visit, the first paint's own chunk
 * alone, which the server names on the copy of `/` the service worker keeps. The build fails if
 * the chunks are not found: a renamed group would otherwise drop the hints without a word.
 */
export function firstPaintHints(): Plugin {
  return {
    name: 'pando-first-paint-hints',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [file] : []));
      const initial = new Set(
        chunks.filter((c) => c.isEntry).flatMap((c) => [c.fileName, ...c.imports]),
      );
      /** The chunks named (and what they import that the entry does not), and their styles. */
      const filesOf = (names: ReadonlySet<string>) => {
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const add = (fileName: string) => {
          const chunk = bundle[fileName];
          if (initial.has(fileName) || scripts.has(fileName) || chunk?.type !== 'chunk') return;
          scripts.add(fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
          for (const imported of chunk.imports) add(imported);
        };
        for (const chunk of chunks) if (names.has(chunk.name)) add(chunk.fileName);
        return {
          scripts: [...scripts].map((f) => `/${f}`),
          styles: [...styles].map((f) => `/${f}`),
        };
      };
      const found = chunks.filter((c) => FIRST_PAINT_CHUNKS.has(c.name)).length;
      if (found !== FIRST_PAINT_CHUNKS.size)
        this.error(`first-paint hints: ${found} of the ${FIRST_PAINT_CHUNKS.size} chunks found`);
      const hints: FirstPaintHints = {
        ...filesOf(FIRST_PAINT_CHUNKS),
        // Its list is styled by the page's own stylesheet (web README "Loading order").
        returning: filesOf(new Set([RETURNING_CHUNK])).scripts,
      };
      this.emitFile({
        type: 'asset',
        fileName: FIRST_PAINT_HINTS_FILE,
        source: `${JSON.stringify(hints, null, 2)}\n`,
      });
    },
  };
}
