/// <reference types="vite/client" />
// What the page needs before the embedded server can hold its database: the migrations, bundled
// as text, applied (with the seed) through a plain `Database` on the page's PGlite
// (src/db/pgliteDatabase.ts; the held database of src/embedded/rollbackDatabase.ts comes after
// both: their own begin/commit would end its transaction).
import type { MigrationSource } from '../../src/db/applyMigrations.js';

/** apps/server/migrations, as db/applyMigrations.ts takes them. */
export const MIGRATIONS: MigrationSource[] = Object.entries(
  import.meta.glob<string>('../../migrations/*.sql', {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
).map(([file, sql]) => ({ file: file.slice(file.lastIndexOf('/') + 1), sql }));
