// Storybook for designers (issue 17): builds the static Storybook, then reads what a designer gets
// from it. Every ui component (each libs/ui story file with a `component`) has a Docs page in
// index.json, and its props table is filled: each prop has a type and a description, and a
// default where the component has one. The props tables are read from the docgen info the build
// attaches to each component (`Component.__docgenInfo = {...}` in the built chunks), which is what
// the Docs page and the Controls panel render.
//
// The build's output is kept and printed only when it fails. STORYBOOK_DIR=<dir> checks an
// existing build instead of building (e.g. after `npm run build-storybook`: dist/storybook).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { before, describe, it } from 'node:test';
import vm from 'node:vm';

const root = join(import.meta.dirname, '..');
const outputDir = process.env['STORYBOOK_DIR'] ?? join(root, 'dist/storybook');

/**
 * @typedef {{ name: string, value?: unknown }} DocgenType
 * @typedef {{ description: string, type?: DocgenType, defaultValue: { value: unknown } | null, required: boolean }} DocgenProp
 * @typedef {{ displayName: string, description: string, filePath?: string, props: Record<string, DocgenProp> }} DocgenInfo
 */

/** @returns {string[]} every file under `dir` whose name ends with `suffix` */
function filesUnder(/** @type {string} */ dir, /** @type {string} */ suffix) {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith(suffix))
    .map((name) => join(dir, name));
}

/**
 * The ui components that have stories: the `component:` of each libs/ui story file's meta.
 * @returns {{ title: string, component: string, file: string }[]}
 */
function uiComponentsWithStories() {
  return filesUnder(join(root, 'libs/ui/src'), '.stories.tsx').flatMap((file) => {
    const source = readFileSync(file, 'utf8');
    const component = /\bcomponent:\s*(\w+)/.exec(source)?.[1];
    // The meta's title (every ui story title starts with 'UI/'): fixtures before the meta may have
    // a `title` of their own (a form template's, a dialog's).
    const title = /\btitle:\s*'(UI\/[^']+)'/.exec(source)?.[1];
    return component && title ? [{ title, component, file: relative(root, file) }] : [];
  });
}

/**
 * The docgen objects in the built chunks, by component name. Each is an object literal the
 * bundler wrote (`X.__docgenInfo={…}`); it is cut out with a brace matcher that knows strings
 * and evaluated on its own in an empty context.
 * @returns {Map<string, DocgenInfo>}
 */
function builtDocgen() {
  /** @type {Map<string, DocgenInfo>} */
  const found = new Map();
  for (const file of filesUnder(join(outputDir, 'assets'), '.js')) {
    const code = readFileSync(file, 'utf8');
    let from = 0;
    for (;;) {
      const at = code.indexOf('__docgenInfo={', from);
      if (at < 0) break;
      const start = at + '__docgenInfo='.length;
      const end = matchingBrace(code, start);
      const info = /** @type {DocgenInfo} */ (
        vm.runInNewContext(`(${code.slice(start, end + 1)})`, {}, { timeout: 1000 })
      );
      if (info.displayName && info.filePath?.includes('/libs/ui/')) {
        found.set(info.displayName, info);
      }
      from = end;
    }
  }
  return found;
}

/**
 * Index of the `}` closing the `{` at `start`, skipping string and template literals.
 * @param {string} code
 * @param {number} start
 */
function matchingBrace(code, start) {
  let depth = 0;
  for (let i = start; i < code.length; i++) {
    const c = code[i];
    if (c === '"' || c === "'" || c === '`') {
      for (i++; i < code.length && code[i] !== c; i++) if (code[i] === '\\') i++;
      continue;
    }
    if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  throw new Error(`unbalanced docgen object at ${start}`);
}

before(() => {
  if (process.env['STORYBOOK_DIR']) return;
  const started = Date.now();
  const build = spawnSync(
    join(root, 'node_modules/.bin/storybook'),
    ['build', '-o', outputDir, '--quiet'],
    { cwd: root, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } },
  );
  if (build.status !== 0) {
    process.stdout.write(build.stdout + build.stderr);
    throw new Error(`storybook build failed (exit ${build.status})`);
  }
  const output = build.stdout + build.stderr;
  // Docgen skipped for a component is silent in the build's exit code: fail on its warning.
  const skipped = output.split('\n').filter((line) => line.includes('Skipping docgen'));
  assert.deepEqual(skipped, [], 'react-docgen-typescript skipped components');
  console.log(`storybook build: ${((Date.now() - started) / 1000).toFixed(1)} s → ${outputDir}`);
});

describe('the built Storybook (designers)', () => {
  it('has a Docs page for every ui component', () => {
    const index = /** @type {{ entries: Record<string, { type: string, title: string }> }} */ (
      JSON.parse(readFileSync(join(outputDir, 'index.json'), 'utf8'))
    );
    const docsTitles = new Set(
      Object.values(index.entries)
        .filter((entry) => entry.type === 'docs')
        .map((entry) => entry.title),
    );
    const components = uiComponentsWithStories();
    assert.ok(components.length >= 30, `only ${components.length} ui story files found`);
    const missing = components.filter((c) => !docsTitles.has(c.title)).map((c) => c.file);
    assert.deepEqual(missing, [], 'ui story files without a Docs page (tags: [autodocs])');
  });

  it("fills every ui component's props table: type, description and defaults", () => {
    const docgen = builtDocgen();
    /** @type {string[]} */
    const problems = [];
    for (const { component, file } of uiComponentsWithStories()) {
      const info = docgen.get(component);
      if (!info) {
        problems.push(`${component} (${file}): no docgen info in the build`);
        continue;
      }
      if (!info.description.trim()) problems.push(`${component}: no component description`);
      const props = Object.entries(info.props);
      for (const [name, prop] of props) {
        if (!prop.type?.name) problems.push(`${component}.${name}: no type`);
        if (!prop.description.trim()) problems.push(`${component}.${name}: no description`);
      }
    }
    assert.deepEqual(problems, []);
  });

  it('offers the phone and tablet viewports in the toolbar', () => {
    const preview = filesUnder(join(outputDir, 'assets'), '.js')
      .map((file) => readFileSync(file, 'utf8'))
      .find((code) => code.includes('Phone 390 × 844'));
    assert.ok(preview, 'no built chunk carries the viewport presets of .storybook/preview.tsx');
    assert.match(preview, /width:\s*`?['"`]?390px/);
    assert.match(preview, /Tablet 768 × 1024/);
    assert.match(preview, /width:\s*`?['"`]?768px/);
  });

  it('shows defaults from the code and from @default', () => {
    const docgen = builtDocgen();
    // A default written in the destructuring and documented with @default.
    assert.equal(docgen.get('AppHeader')?.props['productName']?.defaultValue?.value, 'Pando');
    assert.equal(
      String(docgen.get('ChatHeader')?.props['nothingUnread']?.defaultValue?.value),
      'false',
    );
    // Types are the real ones, not `any`: a union of the domain's literals.
    assert.match(String(docgen.get('ChatHeader')?.props['kind']?.type?.name), /enum|"direct"/);
  });
});
