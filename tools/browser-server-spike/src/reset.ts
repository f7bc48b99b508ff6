// Step 6: three ways to put the database back to the seeded state between tests (README "Reset
// between tests"). Each strategy: N times (a few writes through app.inject, then a reset), timed;
// after every reset the reads and a fingerprint of every table are compared with the baseline's.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { FastifyInstance } from 'fastify';
import { responseCache } from '../../../apps/server/src/http/responseCache';
import type { BrowserDatabase } from './db';

type Log = (s: { step: string; ok: boolean; ms?: number; detail?: unknown }) => void;

export interface ResetContext {
  bdb: BrowserDatabase;
  app: FastifyInstance;
  log: Log;
  aliceCookie: string;
  /** `?n=` on the page's URL: resets per strategy (20). */
  n: number;
  /** `?nclone=`: resets by `clone()` (each ~ a dump plus an open; 5). */
  nClone: number;
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const r = (v: number) => +v.toFixed(2);
  return { n: s.length, medianMs: r(s[Math.floor(s.length / 2)]), minMs: r(s[0]), maxMs: r(s[s.length - 1]) };
};

export async function login(app: FastifyInstance, email: string): Promise<string> {
  const jar = new Map<string, string>();
  const take = (sc: string | string[] | undefined) => {
    for (const c of [sc ?? []].flat()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
    return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  };
  const json = { 'content-type': 'application/json' };
  let cookie = take((await app.inject({ method: 'POST', url: '/api/v4/auth', headers: json, payload: { email } })).headers['set-cookie'] as string[]);
  const mail = await app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(email)}` });
  const code = /\b[A-Z0-9]{3}-[A-Z0-9]{3}\b/.exec(mail.body)?.[0];
  const val = await app.inject({ method: 'POST', url: '/api/v4/auth/validate?cookie=true', headers: { ...json, cookie }, payload: { authorization_code: code } });
  if (val.statusCode !== 200) throw new Error(`login ${email}: ${val.statusCode} ${val.body.slice(0, 200)}`);
  cookie = take(val.headers['set-cookie'] as string[]);
  return cookie;
}

export async function measureResets(ctx: ResetContext): Promise<void> {
  const { bdb, app, log, aliceCookie: alice, n, nClone } = ctx;
  const json = { 'content-type': 'application/json' };
  const admin = await login(app, 'pando.admin@example.org');

  // ---- what a test reads, and a fingerprint of every table ----
  const tables = (await bdb.client.query<{ t: string }>(`select tablename as t from pg_tables where schemaname = 'public' order by 1`)).rows.map((r) => r.t);
  const sequences = (await bdb.client.query<{ s: string }>(`select sequencename as s from pg_sequences where schemaname = 'public' order by 1`)).rows.map((r) => r.s);
  const fingerprintSql = tables.map((t) => `select '${t}' as t, count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from public."${t}" x`).join('\nunion all\n');
  const seqSql = sequences.map((s) => `select '${s}' as s, last_value::text as v, is_called as c from public."${s}"`).join('\nunion all\n');
  const fingerprint = async () => {
    await app.audit.flush();
    const rows = (await ctx.bdb.db.query<{ t: string; n: number; h: string }>(fingerprintSql)).rows;
    return Object.fromEntries(rows.map((r) => [r.t, `${r.n}:${r.h}`]));
  };
  const seqValues = async () => (await ctx.bdb.db.query<{ s: string; v: string; c: boolean }>(seqSql)).rows;
  const diff = (a: Record<string, string>, b: Record<string, string>) => Object.keys(a).filter((k) => a[k] !== b[k]);

  const teamsRead = async () => (await app.inject({ method: 'GET', url: '/api/v4/teams-with-advices-conversations', headers: { cookie: alice } })).body;
  const adminRead = async () => (await app.inject({ method: 'GET', url: '/api/v4/admin/users?page=0&sort=last_name', headers: { cookie: admin } })).body;
  const reads = async () => ({ teams: await teamsRead(), admin: await adminRead() });

  // The in-memory state a reset must clear besides the database (see README).
  const clearMemory = () => {
    responseCache(app)?.clear();
    ((app.devMailbox as unknown as { emails?: unknown[] }) ?? {}).emails?.splice(0);
  };

  await app.audit.flush();
  const baseFp = await fingerprint();
  const baseSeq = await seqValues();
  const base = await reads();
  const teams0 = JSON.parse(base.teams) as { teams?: { id: number; name: string }[] };
  const renameId = teams0.teams?.[0]?.id;
  log({ step: '6a baseline', ok: !!renameId && !base.admin.startsWith('{"error'), detail: { tables: tables.length, sequences: sequences.length, teamsBytes: base.teams.length, adminBytes: base.admin.length, adminHead: base.admin.slice(0, 120), renameTeam: renameId } });

  /** A test's writes: create a team, rename one, send a login code; returns the new team's id. */
  const writes = async (i: number, tag: string) => {
    const created = await app.inject({ method: 'POST', url: '/api/v4/teams', headers: { ...json, cookie: alice }, payload: { name: `Spike ${tag} ${i}`, user_ids: [] } });
    const renamed = await app.inject({ method: 'PUT', url: `/api/v4/teams/${renameId}`, headers: { ...json, cookie: alice }, payload: { name: `Renamed ${tag} ${i}` } });
    const code = await app.inject({ method: 'POST', url: '/api/v4/auth', headers: json, payload: { email: 'bob@example.org' } });
    const after = await teamsRead();
    const statuses = [created.statusCode, renamed.statusCode, code.statusCode];
    if (created.statusCode !== 201 || renamed.statusCode !== 200 || code.statusCode !== 200 || after === base.teams)
      throw new Error(`writes ${tag} ${i}: ${statuses.join(',')} ${created.body.slice(0, 200)} ${renamed.body.slice(0, 200)} ${code.body.slice(0, 200)}`);
    return { teamId: (JSON.parse(created.body) as { id: number }).id, statuses };
  };

  /** After a reset: equal reads, equal tables; returns what differs. */
  const check = async () => {
    const fp = await fingerprint();
    const r = await reads();
    const bad: string[] = diff(baseFp, fp).map((t) => `table ${t}`);
    if (r.teams !== base.teams) bad.push('teams read');
    if (r.admin !== base.admin) bad.push('admin read');
    return bad;
  };

  async function loop(name: string, count: number, reset: (i: number) => Promise<void>) {
    const times: number[] = [];
    const ids: number[] = [];
    const failures: string[] = [];
    for (let i = 0; i < count; i++) {
      ids.push((await writes(i, name)).teamId);
      const t0 = performance.now();
      await app.audit.flush(); // a queued read event written after the reset would leak into the next test
      await reset(i);
      clearMemory();
      times.push(performance.now() - t0);
      const bad = await check();
      if (bad.length) failures.push(`#${i}: ${bad.join(', ')}`);
    }
    const seqAfter = await seqValues();
    const seqMoved = seqAfter.filter((s, k) => s.v !== baseSeq[k].v || s.c !== baseSeq[k].c).map((s) => s.s);
    log({ step: `6 ${name}`, ok: failures.length === 0, detail: { reset: stats(times), equalAfterReset: `${count - failures.length}/${count}`, failures: failures.slice(0, 3), newTeamIds: [ids[0], ids[1], ids[ids.length - 1]], sequencesMovedVsBaseline: seqMoved } });
  }

  // In-memory state: would a stale answer be served without clearing it?
  {
    await bdb.beginOuter();
    await writes(0, 'cachecheck');
    await app.audit.flush();
    await bdb.rollbackOuter({ beginAgain: false });
    const stale = (await teamsRead()) !== base.teams;
    clearMemory();
    const fresh = (await teamsRead()) === base.teams;
    log({ step: '6b response cache after a database reset', ok: fresh, detail: { staleWithoutClear: stale, equalAfterClear: fresh } });
  }

  // ---- 1. outer transaction + savepoints ----
  {
    await bdb.beginOuter();
    // now() inside the outer transaction, and whether any row the writes made took a default now()
    const w = await writes(0, 'nowcheck');
    const defaults = (await bdb.client.query<{ t: string; c: string }>(`select table_name as t, column_name as c from information_schema.columns where table_schema = 'public' and column_default like 'now()%'`)).rows;
    const nowSql = defaults.map((d) => `select '${d.t}.${d.c}' as col, count(*)::int as n from public."${d.t}" where "${d.c}" = now()`).join(' union all ');
    const withTxNow = (await bdb.db.query<{ col: string; n: number }>(`select * from (${nowSql}) x where n > 0`)).rows;
    const clock = (await bdb.db.query<{ lag: number }>(`select extract(epoch from clock_timestamp() - now())::float8 * 1000 as lag`)).rows[0];
    log({ step: '6c outer tx: now()', ok: true, detail: { columnsWithDefaultNow: defaults.length, rowsEqualToTxNow: withTxNow, nowLagsWallClockMs: Math.round(clock.lag), newTeam: w.teamId } });
    await app.audit.flush();
    await bdb.rollbackOuter();
    clearMemory();

    // the price of a savepoint around every statement
    const lat: number[] = [];
    for (let i = 0; i < 20; i++) { const t0 = performance.now(); await adminRead(); lat.push(performance.now() - t0); }
    log({ step: '6d GET admin/users x20 inside the outer tx', ok: true, detail: stats(lat) });

    await loop('1 outer tx + savepoints: ROLLBACK; BEGIN', n, () => bdb.rollbackOuter());
    const setvalSql = `select ${baseSeq.map((s) => `setval('public."${s.s}"', ${s.v}, ${s.c})`).join(', ')}`;
    await loop('1b same + setval of every sequence', n, async () => {
      await bdb.rollbackOuter();
      await bdb.db.query(setvalSql); // setval is not transactional: it stays after the next ROLLBACK
    });
    await bdb.rollbackOuter({ beginAgain: false });
    // put the sequences back for the next strategies
    await bdb.db.query(setvalSql);
    const lat2: number[] = [];
    for (let i = 0; i < 20; i++) { const t0 = performance.now(); await adminRead(); lat2.push(performance.now() - t0); }
    log({ step: '6e GET admin/users x20 outside (autocommit)', ok: true, detail: stats(lat2) });
  }

  // The snapshot for strategy 3, taken here: strategy 2's truncates grow the data directory.
  await app.audit.flush();
  const tDump = performance.now();
  const blob = await bdb.client.dumpDataDir('none');
  log({ step: '6h dumpDataDir(none) of the baseline', ok: true, ms: Math.round(performance.now() - tDump), detail: { bytes: blob.size } });

  // ---- 2. truncate and re-insert the baseline ----
  {
    const c = () => bdb.client;
    const list = tables.map((t) => `public."${t}"`).join(', ');
    const setvals = `select ${baseSeq.map((s) => `setval('public."${s.s}"', ${s.v}, ${s.c})`).join(', ')}`;
    // replica: no user triggers (the rollup triggers would count the re-inserted rows again) and
    // no foreign-key checks while the rows go back in.
    const head = `set local session_replication_role = replica;\ntruncate ${list};\n`;

    // 2a: the baseline kept in the database itself (a schema of copies); reset is one exec.
    const tCap = performance.now();
    await c().exec(`create schema spike_baseline;\n${tables.map((t) => `create table spike_baseline."${t}" as table public."${t}";`).join('\n')}`);
    log({ step: '6f capture: create table as (baseline schema)', ok: true, ms: Math.round(performance.now() - tCap) });
    const insertSql = `begin;\n${head}${tables.map((t) => `insert into public."${t}" select * from spike_baseline."${t}";`).join('\n')}\n${setvals};\ncommit;`;
    await loop('2a truncate + insert…select from a baseline schema (one exec)', n, async () => { await c().exec(insertSql); });

    // 2b: the baseline as COPY blobs in JS; reset is one transaction with a COPY FROM per table.
    const tCap2 = performance.now();
    const blobs = new Map<string, Blob>();
    const sizes: [string, number][] = [];
    let bytes = 0;
    for (const t of tables) {
      const r = await c().query(`copy public."${t}" to '/dev/blob'`);
      if (r.blob && r.blob.size > 0) { blobs.set(t, r.blob); bytes += r.blob.size; sizes.push([t, r.blob.size]); }
    }
    log({ step: '6g capture: COPY TO blob', ok: true, ms: Math.round(performance.now() - tCap2), detail: { nonEmptyTables: blobs.size, bytes, largest: sizes.sort((a, b) => b[1] - a[1]).slice(0, 4) } });
    await loop('2b truncate + COPY FROM blobs (one transaction)', n, async () => {
      await c().transaction(async (tx) => {
        await tx.exec(head);
        for (const [t, blob] of blobs) await tx.query(`copy public."${t}" from '/dev/blob'`, [], { blob });
        await tx.exec(setvals);
      });
    });

    // 2c: DELETE instead of TRUNCATE (TRUNCATE makes new files for every table and index).
    const deleteSql = `begin;\nset local session_replication_role = replica;\n${tables.map((t) => `delete from public."${t}"; insert into public."${t}" select * from spike_baseline."${t}";`).join('\n')}\n${setvals};\ncommit;`;
    await loop('2c delete + insert…select, every table (one exec)', n, async () => { await c().exec(deleteSql); });

    // 2d: only the tables a test wrote to, noted by a statement-level trigger on every table.
    await c().exec(`create table spike_baseline.dirty (t text primary key);
create function spike_baseline.mark() returns trigger language plpgsql as $fn$
begin insert into spike_baseline.dirty values (tg_argv[0]) on conflict do nothing; return null; end $fn$;
${tables.map((t) => `create trigger zz_spike_dirty after insert or update or delete or truncate on public."${t}" for each statement execute function spike_baseline.mark('${t}');`).join('\n')}`);
    const dirtyCounts: number[] = [];
    let firstDirty: string[] = [];
    await loop('2d delete + insert…select, only the tables written (trigger-noted)', n, async () => {
      const dirty = (await c().query<{ t: string }>('select t from spike_baseline.dirty')).rows.map((r) => r.t);
      dirtyCounts.push(dirty.length);
      if (!firstDirty.length) firstDirty = dirty;
      await c().exec(`begin;\nset local session_replication_role = replica;\n${dirty.map((t) => `delete from public."${t}"; insert into public."${t}" select * from spike_baseline."${t}";`).join('\n')}\ndelete from spike_baseline.dirty;\n${setvals};\ncommit;`);
    });
    log({ step: '6 2d tables written per test', ok: true, detail: { perReset: [...new Set(dirtyCounts)], first: firstDirty } });
    await c().exec('drop schema spike_baseline cascade');
  }

  // ---- 3. PGlite's own snapshot ----
  {
    // The instance the server used so far has a data directory grown by strategy 2's truncates
    // (a dump of it is twice the size); the template is a fresh one from the baseline's dump.
    const template = await PGlite.create({ loadDataDir: blob, extensions: { pg_trgm } });
    const original = bdb.swap(await PGlite.create({ loadDataDir: blob, extensions: { pg_trgm } }));
    await loop('3a new PGlite from the kept dump (loadDataDir) + swap', n, async () => {
      const next = await PGlite.create({ loadDataDir: blob, extensions: { pg_trgm } });
      await bdb.swap(next).close();
    });
    await loop('3b template.clone() + swap', nClone, async () => {
      const next = (await template.clone()) as PGlite;
      await bdb.swap(next).close();
    });
    await bdb.swap(original).close();
    await template.close();
  }
}
