import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { defaultMigrationsDir } from '../db/migrate.js';

/**
 * What a seeded database is made from: the migrations, the seed code and the demo dataset it
 * reads (@pando/domain/demo). Databases built once and kept (the tests' templates, the seeded
 * dump of the server in a page) are keyed by it, so a changed file builds them again.
 */
export function seedFingerprint(): string {
  const dir = defaultMigrationsDir();
  const h = createHash('sha256');
  for (const f of fs.readdirSync(dir).sort())
    h.update(f).update(fs.readFileSync(path.join(dir, f)));
  for (const seedDir of [
    path.resolve(dir, '../src/seed'),
    path.resolve(dir, '../../../libs/domain/src/demo'),
  ]) {
    for (const f of fs.existsSync(seedDir) ? fs.readdirSync(seedDir).sort() : []) {
      h.update(f).update(fs.readFileSync(path.join(seedDir, f)));
    }
  }
  return h.digest('hex').slice(0, 16);
}
