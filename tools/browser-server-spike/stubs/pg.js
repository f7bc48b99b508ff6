// STUB for `pg` (src/db/client.ts openPostgres): only types.getTypeParser is touched at import time.
class Pool { constructor() { throw new Error('pg.Pool: no PostgreSQL in the browser'); } }
const types = { getTypeParser: () => (v) => v, setTypeParser() {} };
export default { Pool, types }; export { Pool, types };
