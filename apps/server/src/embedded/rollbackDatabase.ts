import type { PGlite } from '@electric-sql/pglite';
import type { Database, DatabaseTx } from '../db/client.js';
import { PgliteStatements } from '../db/pgliteStatements.js';

/** A database whose every change since it was held can be undone at once (`reset`). */
export interface RollbackDatabase extends Database {
  /**
   * Keeps what was written so far: it becomes the state `reset` returns to (the server's own
   * writes at start, such as its chat rooms synced from the teams).
   */
  keep(): Promise<void>;
  /**
   * Puts every row and every sequence back to how they were when the database was held: the
   * next test sees the seeded state, ids included. Waits for the statements already running.
   */
  reset(): Promise<void>;
}

/**
 * Holds an open, migrated (and seeded) PGlite inside one transaction that is never committed,
 * for the embedded server (./embeddedServer.ts) that Storybook, the client tests and the demo
 * run on instead of a hand-written mock backend (issue 38).
 *
 * - The server's own transactions become savepoints inside it, and so does each top-level
 *   statement: a failing one (a unique violation the server answers with 409) undoes itself, as
 *   under autocommit, instead of aborting the held transaction.
 * - One connection is shared by everything, so top-level statements and transactions take turns
 *   in arrival order (one lock): no request's statement can run inside another's savepoint and be
 *   undone with it. A transaction's callback must use its `tx`, never the database itself (it
 *   would wait for itself), which is already so with PGlite's own transactions.
 * - `reset` rolls back and sets every sequence to the value it had when held (sequences are not
 *   transactional). It costs about a millisecond (tools/browser-server-spike/README.md: measured
 *   against truncating and re-inserting, ~1 s, and reopening a snapshot, ~2–3 s).
 * - `now()` in SQL is the time the held transaction began; the server takes its times from
 *   `config.now()` instead, as parameters.
 *
 * Hold it after the migrations and the seed: their `begin`/`commit` would end the held
 * transaction.
 */
/** `SET TRANSACTION …` (isolation level, read only): a real transaction's first statement. */
const SET_TRANSACTION = /^\s*set\s+transaction\b/i;

export async function holdForRollback(client: PGlite): Promise<RollbackDatabase> {
  const statements = new PgliteStatements(client);
  /** One statement that sets every sequence back to its value now. */
  const sequencesNow = async () =>
    (
      await client.query<{ restore: string | null }>(
        `select 'select ' || string_agg(format('setval(%L, %s, %L)', format('%I.%I', schemaname,
                sequencename), coalesce(last_value, start_value), last_value is not null), ', ')
                as restore
           from pg_sequences`,
      )
    ).rows[0]?.restore ?? null;
  let restoreSequences = await sequencesNow();

  // The lock: a promise chain, so statements run one after another in the order they came.
  let tail: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = tail.then(fn, fn);
    tail = run.catch(() => undefined);
    return run;
  };
  let savepoints = 0;
  const inSavepoint = async <T>(fn: () => Promise<T>): Promise<T> => {
    const name = `held_${String(++savepoints)}`;
    await client.exec(`savepoint ${name}`);
    try {
      const result = await fn();
      await client.exec(`release savepoint ${name}`);
      return result;
    } catch (err) {
      await client.exec(`rollback to savepoint ${name}; release savepoint ${name}`);
      throw err;
    }
  };
  const tx: DatabaseTx = {
    // A transaction here is a savepoint, and a savepoint cannot set the isolation of the
    // transaction that holds it (PostgreSQL refuses `SET TRANSACTION` after the first query: the
    // audit log's read answered 500). Nothing is lost by leaving it out: the lock runs one
    // transaction at a time, so each already reads one unchanging state.
    query: (text, params) =>
      SET_TRANSACTION.test(text)
        ? Promise.resolve({ rows: [] as never[] })
        : statements.query(text, params),
  };
  let closed = false;

  await client.exec('begin');
  return {
    kind: 'pglite',
    // No DATA_DIR: the chat server keeps no journal of its own beside the database.
    query: (text, params) => inTurn(() => inSavepoint(() => statements.query(text, params))),
    transaction: (fn) => inTurn(() => inSavepoint(() => fn(tx))),
    exec: (text) => inTurn(() => inSavepoint(() => client.exec(text).then(() => undefined))),
    keep: () =>
      inTurn(async () => {
        await client.exec('commit');
        restoreSequences = await sequencesNow();
        await client.exec('begin');
      }),
    reset: () =>
      inTurn(async () => {
        await client.exec('rollback');
        if (restoreSequences) await client.query(restoreSequences);
        await client.exec('begin');
      }),
    close: () =>
      inTurn(async () => {
        if (closed) return;
        closed = true;
        await client.exec('rollback');
        await client.close();
      }),
  };
}
