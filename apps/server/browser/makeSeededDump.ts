// Run by seededDump.ts in a child process (`node --import tsx makeSeededDump.ts <out>`): the
// database the server in a page starts from, made in Node with the same PGlite build the page
// runs. Migrated, seeded with the demo organisation and the dummy admin data, dumped as a gzip
// tar of its data directory; `<out>.json` holds the time the seed was made for.
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { loadConfig } from '../src/config.js';
import { migrate } from '../src/db/migrate.js';
import { pgliteDatabase } from '../src/db/pgliteDatabase.js';
import { seedDatabase } from '../src/seed/index.js';

const out = process.argv[2];
if (!out) throw new Error('usage: makeSeededDump.ts <out.tar.gz>');
const now = new Date();
const client = await PGlite.create({ extensions: { pg_trgm } });
const db = pgliteDatabase(client);
await migrate(db);
await seedDatabase(db, {
  now,
  xmppDomain: loadConfig({ NODE_ENV: 'test' }).xmppDomain,
  dummyNetworks: true,
});
const dump = await client.dumpDataDir('gzip');
fs.writeFileSync(out, new Uint8Array(await dump.arrayBuffer()));
fs.writeFileSync(`${out}.json`, JSON.stringify({ seededAt: now.toISOString() }));
await client.close();
