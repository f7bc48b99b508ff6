// Proves the dependency matrix of ARCHITECTURE.md is enforced by the real eslint.config.js:
// a forbidden import is an ERROR, an allowed one is clean.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { execFileSync } from 'node:child_process';
import { describe, it, after, before } from 'node:test';
import { ESLint } from 'eslint';

const root = join(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });
/** @type {string[]} */
const probes = [];

/**
 * Lints a throwaway file placed inside a project, so the Nx rule sees the real project graph.
 * @param {string} projectSrc
 * @param {string} code
 * @param {string} [name] the file's name
 */
async function lintProbe(projectSrc, code, name = 'probe.ts') {
  const dir = mkdtempSync(join(root, projectSrc, '__boundary_probe_'));
  probes.push(dir);
  const file = join(dir, name);
  writeFileSync(file, code);
  const [result] = await eslint.lintFiles([relative(root, file)]);
  assert.ok(result, 'ESLint returned no result for the probe');
  return result.messages.filter((m) => m.ruleId === '@nx/enforce-module-boundaries');
}

// The Nx rule reads the cached project graph; without one it silently skips itself.
before(() => {
  execFileSync(join(root, 'node_modules/.bin/nx'), ['show', 'projects'], {
    cwd: root,
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
    stdio: 'ignore',
  });
});

after(() => {
  for (const dir of probes) rmSync(dir, { recursive: true, force: true });
});

describe('module boundaries (ARCHITECTURE.md "Allowed dependencies")', () => {
  it("lets a client test import the server's test support (the embedded server), and nothing else", async () => {
    const code = "import * as server from '@pando/server/testing';\nexport const probe = server;\n";
    assert.deepEqual(await lintProbe('libs/data-access/src', code, 'probe.test.ts'), []);
    const shipped = await lintProbe('libs/data-access/src', code);
    assert.equal(shipped.length, 1, JSON.stringify(shipped));
    assert.equal(shipped[0]?.severity, 2);
  });

  it("lets the demo import the server's page entry (the server in the page), and nothing else of the server", async () => {
    const page = "import * as server from '@pando/server/page';\nexport const probe = server;\n";
    assert.deepEqual(await lintProbe('apps/demo/src', page), []);
    const testing = await lintProbe(
      'apps/demo/src',
      "import * as server from '@pando/server/testing';\nexport const probe = server;\n",
    );
    assert.equal(testing.length, 1, JSON.stringify(testing));
    assert.equal(testing[0]?.severity, 2);
    for (const lib of ['libs/features/src', 'libs/data-access/src', 'libs/ui/src']) {
      const shipped = await lintProbe(lib, page);
      assert.equal(shipped.length, 1, `${lib}: ${JSON.stringify(shipped)}`);
      assert.equal(shipped[0]?.severity, 2);
    }
  });

  it('reports ui importing data-access as an error', async () => {
    const messages = await lintProbe(
      'libs/ui/src',
      "import * as dataAccess from '@pando/data-access';\nexport const probe = dataAccess;\n",
    );
    assert.equal(messages.length, 1, JSON.stringify(messages));
    assert.equal(messages[0]?.severity, 2);
    assert.match(messages[0]?.message ?? '', /type:ui/);
  });

  it('reports domain importing ui as an error', async () => {
    const messages = await lintProbe(
      'libs/domain/src',
      "import * as ui from '@pando/ui';\nexport const probe = ui;\n",
    );
    assert.equal(messages.length, 1, JSON.stringify(messages));
    assert.equal(messages[0]?.severity, 2);
  });

  it('reports the server importing features as an error', async () => {
    const messages = await lintProbe(
      'apps/server/src',
      "import * as features from '@pando/features';\nexport const probe = features;\n",
    );
    assert.equal(messages.length, 1, JSON.stringify(messages));
  });

  it('allows features to import ui, data-access and domain', async () => {
    const messages = await lintProbe(
      'libs/features/src',
      [
        "import * as ui from '@pando/ui';",
        "import * as dataAccess from '@pando/data-access';",
        "import * as domain from '@pando/domain';",
        'export const probe = [ui, dataAccess, domain];',
        '',
      ].join('\n'),
    );
    assert.deepEqual(messages, []);
  });
});
