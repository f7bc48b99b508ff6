import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMBEDDED_ORIGIN,
  type EmbeddedTestServer,
  startEmbeddedTestServer,
} from '../testing/embeddedTestServer.js';

let server: EmbeddedTestServer;
/** Every table's row count and a digest of its rows, before any test wrote. */
let baseline: Map<string, string>;
let baselineTeams: string;

/** Row count and md5 of the rows of every table of the schema. */
async function tablesDigest(s: EmbeddedTestServer): Promise<Map<string, string>> {
  const tables = await s.app.db.query<{ name: string }>(
    `select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
  );
  const out = new Map<string, string>();
  for (const { name } of tables.rows) {
    const r = await s.app.db.query<{ n: number; h: string }>(
      `select count(*)::int as n,
              md5(coalesce(string_agg(r.row, '|' order by r.row), '')) as h
         from (select t::text as row from "${name}" t) r`,
    );
    out.set(name, `${String(r.rows[0]?.n)} ${r.rows[0]?.h ?? ''}`);
  }
  return out;
}

async function teamsOf(cookie: string): Promise<string> {
  const res = await server.request('/api/v4/teams-with-advices-conversations', {
    headers: { cookie },
  });
  expect(res.status).toBe(200);
  return res.text();
}

const json = (cookie: string, body: unknown) => ({
  headers: { 'content-type': 'application/json', cookie, origin: EMBEDDED_ORIGIN },
  body: JSON.stringify(body),
});

/** One test's writes: a team made and renamed, a login code mailed to Bob. */
async function write(cookie: string): Promise<number> {
  const created = await server.request('/api/v4/teams', {
    method: 'POST',
    ...json(cookie, { name: 'Discharge planning', user_ids: [] }),
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const renamed = await server.request(`/api/v4/teams/${String(id)}`, {
    method: 'PUT',
    ...json(cookie, { name: 'Discharge planning (ward 7)' }),
  });
  expect(renamed.status).toBe(200);
  const code = await server.request('/api/v4/auth', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bob@example.org' }),
  });
  expect(code.status).toBe(200);
  return id;
}

beforeAll(async () => {
  server = await startEmbeddedTestServer();
  baseline = await tablesDigest(server);
  const { cookie } = await server.login('alice@example.org');
  baselineTeams = await teamsOf(cookie);
  await server.reset();
}, 120_000);

afterAll(async () => {
  await server.close();
});

describe('the embedded server (no socket; the database held for rollback)', () => {
  it('answers as the server does, and reset puts every row, sequence and mailbox back', async () => {
    const { cookie } = await server.login('alice@example.org');
    const firstId = await write(cookie);
    expect(await teamsOf(cookie)).toContain('Discharge planning (ward 7)');
    expect(await tablesDigest(server)).not.toEqual(baseline);

    await server.reset();
    expect(await tablesDigest(server)).toEqual(baseline);
    // The dev mailbox forgot the codes of the test before.
    const mail = await server.request('/api/dev/mailbox?to=bob%40example.org');
    expect(((await mail.json()) as { results: unknown[] }).results).toEqual([]);

    // The same writes again get the same ids: the sequences went back too.
    const again = await server.login('alice@example.org');
    expect(await write(again.cookie)).toBe(firstId);
    await server.reset();
    expect(await tablesDigest(server)).toEqual(baseline);
  });

  it('after a reset, a session made before it is refused at once (no cached session, no cached answer)', async () => {
    const { cookie } = await server.login('alice@example.org');
    // The answer is now in the response cache and the session in the session cache.
    expect(await teamsOf(cookie)).toBe(baselineTeams);
    await server.reset();
    const res = await server.request('/api/v4/teams-with-advices-conversations', {
      headers: { cookie },
    });
    expect(res.status).toBe(401);
  });

  it('a refused write (409) undoes only itself; the requests around it keep theirs', async () => {
    const { cookie } = await server.login('alice@example.org');
    const [a, b] = await Promise.all([
      server.app.db.query(
        `insert into hospitals (uuid, name) values (gen_random_uuid(), 'Embedded General')`,
      ),
      server.app.db
        .query(
          `insert into hospitals (id, uuid, name) select id, uuid, name from hospitals limit 1`,
        )
        .then(
          () => 'inserted',
          (err: unknown) => (err as Error).message,
        ),
    ]);
    expect(a.rows).toEqual([]);
    expect(b).toMatch(/duplicate key/);
    // Several requests at once, one of them a write: all answered, none inside another's savepoint.
    const answers = await Promise.all([
      teamsOf(cookie),
      write(cookie).then(String),
      teamsOf(cookie),
      teamsOf(cookie),
    ]);
    expect(answers).toHaveLength(4);
    const names = await server.app.db.query<{ name: string }>(
      `select name from hospitals where name = 'Embedded General'`,
    );
    expect(names.rows).toHaveLength(1);
    await server.reset();
    expect(await tablesDigest(server)).toEqual(baseline);
  });

  it('a write from another site is refused as behind a socket (the Origin checks run)', async () => {
    const { cookie } = await server.login('alice@example.org');
    const res = await server.request('/api/v4/teams', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: 'https://evil.example' },
      body: JSON.stringify({ name: 'Forged', user_ids: [] }),
    });
    expect(res.status).toBe(403);
    await server.reset();
  });

  it("answers the audit log's read, whose transaction sets its own isolation (a savepoint here)", async () => {
    const { cookie } = await server.login('network.admin@example.org');
    const res = await server.request('/api/v4/admin/audit?page=0&page-size=5', {
      headers: { cookie },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { results: unknown[] }).results.length).toBeGreaterThan(0);
    await server.reset();
  });
});
