import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyMigrations, MIGRATION_FILE_NAME, type MigrationSource } from './applyMigrations.js';
import type { Database } from './client.js';

/** The committed SQL migrations (apps/server/migrations), also found from a bundled dist/main.js. */
export function defaultMigrationsDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [
    path.resolve(here, '../../migrations'),
    path.resolve(here, '../migrations'),
  ]) {
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new Error(`migrations directory not found near ${here}`);
}

/** The numbered `.sql` files of a folder (anything else, e.g. a README, is not a migration). */
function readMigrations(dir: string): MigrationSource[] {
  return fs
    .readdirSync(dir)
    .filter((file) => MIGRATION_FILE_NAME.test(file))
    .map((file) => ({ file, sql: fs.readFileSync(path.join(dir, file), 'utf8') }));
}

/** Applies the migrations of `dir` (applyMigrations.ts: the order, the lock, the record). */
export function migrate(db: Database, dir = defaultMigrationsDir()): Promise<string[]> {
  return applyMigrations(db, readMigrations(dir));
}
