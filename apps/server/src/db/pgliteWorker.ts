// The embedded database's thread (pgliteThread.ts starts it; build.ts bundles it beside the
// server as `<name>.pglite-worker.js`). It opens PGlite here and answers the server thread's
// requests in the order they arrive, so PGlite's own queue orders them as it did in-process.
import { parentPort, workerData } from 'node:worker_threads';
import type { DatabaseTx } from './client.js';
import { openPgliteHere, type PgliteSettings } from './pglite.js';
import type { FromWorker, SerializedError, ToWorker } from './pgliteThread.js';

const port = parentPort;
if (!port) throw new Error('pgliteWorker.ts runs only as a worker thread (pgliteThread.ts).');

const send = (message: FromWorker): void => {
  port.postMessage(message);
};

/** A database error as plain data: its message and every string or number field (code, detail…). */
function serialize(err: unknown): SerializedError {
  if (!(err instanceof Error)) return { message: String(err), fields: {} };
  const fields: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(err)) {
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  }
  return { message: err.message, fields };
}

const db = await openPgliteHere(workerData as PgliteSettings, {
  info: (obj, msg) => {
    send({ log: 'info', obj, msg });
  },
  warn: (obj, msg) => {
    send({ log: 'warn', obj, msg });
  },
});

/** Open transactions: their queries, and how the server thread's `end` request ends each. */
const transactions = new Map<
  number,
  { tx: DatabaseTx; end: (commit: boolean, replyId: number) => void }
>();
/** Thrown inside a transaction to roll it back. */
const ROLLBACK = new Error('rolled back by the server thread');
let nextTx = 0;

function answer(id: number, work: Promise<FromWorker | undefined>): void {
  work.then(
    (reply) => {
      send(reply ?? { id });
    },
    (err: unknown) => {
      send({ id, error: serialize(err) });
    },
  );
}

/** Answers `begin` once the transaction is open, and its `end` request once it is over. */
function begin(id: number): void {
  const txId = ++nextTx;
  let started = false;
  let endReply = 0;
  db.transaction(async (tx) => {
    started = true;
    const commit = await new Promise<boolean>((resolve) => {
      transactions.set(txId, {
        tx,
        end: (c, replyId) => {
          endReply = replyId;
          resolve(c);
        },
      });
      send({ id, tx: txId });
    });
    if (!commit) throw ROLLBACK;
  })
    .then(
      () => {
        send({ id: endReply });
      },
      (err: unknown) => {
        if (!started) send({ id, error: serialize(err) });
        else send(err === ROLLBACK ? { id: endReply } : { id: endReply, error: serialize(err) });
      },
    )
    .finally(() => {
      transactions.delete(txId);
    });
}

function transaction(txId: number) {
  const open = transactions.get(txId);
  if (!open) throw new Error(`Transaction ${String(txId)} is not open.`);
  return open;
}

port.on('message', (m: ToWorker) => {
  switch (m.op) {
    case 'query':
      answer(
        m.id,
        db.query(m.text, m.params).then((r) => ({ id: m.id, rows: r.rows })),
      );
      break;
    case 'txquery':
      answer(
        m.id,
        Promise.resolve()
          .then(() => transaction(m.tx).tx.query(m.text, m.params))
          .then((r) => ({ id: m.id, rows: r.rows })),
      );
      break;
    case 'exec':
      answer(
        m.id,
        db.exec(m.text).then(() => undefined),
      );
      break;
    case 'begin':
      begin(m.id);
      break;
    case 'end':
      try {
        transaction(m.tx).end(m.commit, m.id);
      } catch (err) {
        send({ id: m.id, error: serialize(err) });
      }
      break;
    case 'close':
      answer(
        m.id,
        db.close().then(() => undefined),
      );
      break;
  }
});
send({ ready: true });
