import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

describe('the V8 flags of nodeFlags.mjs', () => {
  it('`npm start -w @pando/server` (the production start) runs dist/main.js with every one of them', async () => {
    const { SERVER_NODE_FLAGS } = (await import(
      new URL('../nodeFlags.mjs', import.meta.url).href
    )) as { SERVER_NODE_FLAGS: string[] };
    const pkg = JSON.parse(
      fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
    ) as {
      scripts: Record<string, string>;
    };
    expect(SERVER_NODE_FLAGS.length).toBeGreaterThan(0);
    expect(pkg.scripts['start']).toBe(`node ${SERVER_NODE_FLAGS.join(' ')} dist/main.js`);
  });
});
