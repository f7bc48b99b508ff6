import type { LightMyRequestResponse } from 'fastify';
import type { Database } from '../db/client.js';
import type { TestServer } from '../testing/testServer.js';

/** Test helpers for issue 6's route tests: cookies per demo account, JSON calls through inject. */
export interface Caller {
  cookie: string;
  id: number;
  uuid: string;
  email: string;
}

export async function callerFor(ts: TestServer, email: string): Promise<Caller> {
  const cookie = await ts.loginAs(email);
  const r = await ts.db.query<{ id: number; uuid: string }>(
    'select id, uuid::text as uuid from users where email = $1',
    [email],
  );
  const row = r.rows[0];
  if (!row) throw new Error(`no user ${email}`);
  return { cookie, id: row.id, uuid: row.uuid, email };
}

export function api(
  ts: TestServer,
  who: Caller | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
): Promise<LightMyRequestResponse> {
  return ts.app.inject({
    method,
    url,
    headers: {
      ...(who ? { cookie: who.cookie } : {}),
      ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

export async function teamId(
  ts: TestServer,
  name: string,
): Promise<{ id: number; mim_id: string }> {
  const r = await ts.db.query<{ id: number; mim_id: string }>(
    'select id, mim_id from teams where name = $1',
    [name],
  );
  const row = r.rows[0];
  if (!row) throw new Error(`no team ${name}`);
  return row;
}

export async function roomMembers(ts: TestServer, mimId: string): Promise<string[]> {
  const r = await ts.db.query<{ user_uuid: string }>(
    'select user_uuid from chat_room_members where mim_id = lower($1) order by user_uuid',
    [mimId],
  );
  return r.rows.map((x) => x.user_uuid);
}

/** alice, bob (St Elsewhere), carol (Riverside, same network) and dave (another network), logged in. */
export async function demoCallers(
  ts: TestServer,
): Promise<{ alice: Caller; bob: Caller; carol: Caller; dave: Caller }> {
  const { DEMO_ACCOUNTS } = await import('../seed/index.js');
  const [alice, bob, carol, dave] = await Promise.all(
    [DEMO_ACCOUNTS.alice, DEMO_ACCOUNTS.bob, DEMO_ACCOUNTS.carol, DEMO_ACCOUNTS.dave].map((e) =>
      callerFor(ts, e),
    ),
  );
  if (!alice || !bob || !carol || !dave) throw new Error('demo accounts missing');
  return { alice, bob, carol, dave };
}

/**
 * Runs `call` with the user blocked (committed, as an administrator's PATCH would be) just
 * before the server's next transaction starts, i.e. after anything a route checked before it;
 * then unblocks them.
 */
export async function withBlockedBeforeNextTransaction<T>(
  ts: TestServer,
  userId: number,
  call: () => Promise<T>,
): Promise<T> {
  const db: Database = ts.app.db;
  const transaction = db.transaction.bind(db);
  let blocked = false;
  db.transaction = (async (fn: Parameters<Database['transaction']>[0]) => {
    if (!blocked) {
      blocked = true;
      await db.query('update users set blocked = true where id = $1', [userId]);
    }
    return transaction(fn);
  }) as Database['transaction'];
  try {
    return await call();
  } finally {
    db.transaction = transaction;
    await db.query('update users set blocked = false where id = $1', [userId]);
  }
}

/** The member ids of a team, ascending. */
export async function teamMemberIds(ts: TestServer, teamId: number): Promise<number[]> {
  const r = await ts.db.query<{ user_id: number }>(
    'select user_id from team_members where team_id = $1 order by user_id',
    [teamId],
  );
  return r.rows.map((x) => x.user_id);
}
