import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/testDb.js';
import { migrate } from './migrate.js';

describe('migrator', () => {
  let db: TestDatabase;
  let dir: string;
  beforeAll(async () => {
    db = await createTestDatabase();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pando-migrations-'));
  });
  afterAll(async () => {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('applies numbered files in order, once, each recorded in schema_migrations', async () => {
    fs.writeFileSync(path.join(dir, '9001_first.sql'), 'create table mig_a (id int);');
    fs.writeFileSync(path.join(dir, '9002_second.sql'), 'insert into mig_a values (1), (2);');
    fs.writeFileSync(path.join(dir, 'README.md'), 'not a migration');
    expect(await migrate(db, dir)).toEqual(['9001_first.sql', '9002_second.sql']);
    expect(await migrate(db, dir)).toEqual([]);
    const rows = await db.query<{ n: number }>('select count(*)::int as n from mig_a');
    expect(rows.rows[0]?.n).toBe(2);
  });

  it('rolls a failing file back entirely and names it', async () => {
    fs.writeFileSync(
      path.join(dir, '9003_broken.sql'),
      'create table mig_b (id int);\nselect * from no_such_table;',
    );
    await expect(migrate(db, dir)).rejects.toThrow(/9003_broken\.sql failed/);
    const table = await db.query(
      `select 1 from information_schema.tables where table_name = 'mig_b'`,
    );
    expect(table.rows).toHaveLength(0);
    const recorded = await db.query('select 1 from schema_migrations where version = 9003');
    expect(recorded.rows).toHaveLength(0);
    fs.rmSync(path.join(dir, '9003_broken.sql'));
  });

  it('refuses two files with the same number (two engineers picked one)', async () => {
    fs.writeFileSync(path.join(dir, '9004_mine.sql'), 'select 1;');
    fs.writeFileSync(path.join(dir, '9004_yours.sql'), 'select 1;');
    await expect(migrate(db, dir)).rejects.toThrow(/share number 9004/);
  });
});
