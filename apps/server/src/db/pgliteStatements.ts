import { parse, protocol, type PGlite } from '@electric-sql/pglite';

/**
 * Named prepared statements for PGlite, reused by SQL text.
 *
 * `PGlite.query()` makes six trips into the WebAssembly Postgres for every call (parse,
 * describe statement, bind, describe portal, execute, sync) and parses and analyses the SQL
 * each time. Measured on a 2-core machine: one chat-archive insert went from ~1.5 to ~0.9 ms.
 * Here the SQL is parsed once per text (`Parse` with a name + `Describe` for the parameter
 * types), and every later call is one trip: `Bind` + `Describe` portal + `Execute` + `Sync`.
 *
 * Semantics match `PGlite.query()`: the same locks (a query never runs inside someone else's
 * transaction), the same parameter serializers and result parsers, errors as DatabaseError.
 * Postgres re-plans a prepared statement when a table it uses changes; if a change alters a
 * statement's result columns ("cached plan must not change result type"), the statement is
 * dropped and the call retried once. Texts beyond `MAX_STATEMENTS` (dynamic SQL) run unprepared.
 */
export const MAX_STATEMENTS = 500;

interface Prepared {
  name: string;
  paramTypes: number[];
}

/** Statement names are unique in the process, so two caches on one client never collide. */
let nextName = 0;

const CHANGED_RESULT_TYPE = 'cached plan must not change result type';

export class PgliteStatements {
  private readonly statements = new Map<string, Prepared>();

  constructor(private readonly client: PGlite) {}

  /** Number of prepared statements held (for tests). */
  get size(): number {
    return this.statements.size;
  }

  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the row type, as pg's query<T> does
  async query<T>(text: string, params: unknown[] = []): Promise<{ rows: T[] }> {
    if (!this.statements.has(text) && this.statements.size >= MAX_STATEMENTS) {
      const res = await this.client.query<T>(text, params);
      return { rows: res.rows };
    }
    try {
      return await this.run<T>(text, params);
    } catch (err) {
      if (!(err instanceof Error) || !err.message.includes(CHANGED_RESULT_TYPE)) throw err;
      await this.forget(text);
      return this.run<T>(text, params);
    }
  }

  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- as query<T>
  private run<T>(text: string, params: unknown[]): Promise<{ rows: T[] }> {
    const c = this.client;
    return c._runExclusiveTransaction(() =>
      c._runExclusiveQuery(async () => {
        let st = this.statements.get(text);
        if (!st) {
          const name = `pando_s${String(++nextName)}`;
          const described = await c.execProtocolStream(
            concat(
              protocol.serialize.parse({ name, text }),
              protocol.serialize.describe({ type: 'S', name }),
              protocol.serialize.sync(),
            ),
            { throwOnError: true },
          );
          st = { name, paramTypes: parse.parseDescribeStatementResults(described) };
          this.statements.set(text, st);
        }
        const types = st.paramTypes;
        const values = params.map((v, i) => {
          if (v === null || v === undefined) return null;
          const serializer = c.serializers[types[i] ?? 0];
          if (serializer) return serializer(v);
          if (typeof v === 'string') return v;
          if (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean')
            return v.toString();
          return JSON.stringify(v);
        });
        const messages = await c.execProtocolStream(
          concat(
            protocol.serialize.bind({ statement: st.name, values }),
            protocol.serialize.describe({ type: 'P' }),
            protocol.serialize.execute({}),
            protocol.serialize.sync(),
          ),
          { throwOnError: true },
        );
        const results = parse.parseResults(messages, c.parsers);
        return { rows: (results[0]?.rows ?? []) as T[] };
      }),
    );
  }

  private async forget(text: string): Promise<void> {
    const st = this.statements.get(text);
    if (!st) return;
    this.statements.delete(text);
    await this.client.exec(`deallocate ${st.name}`).catch(() => undefined);
  }
}

function concat(...parts: Uint8Array[]): Uint8Array {
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
