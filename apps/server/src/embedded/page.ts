// `@pando/server/page`: the server in a page, for the sales demo and Storybook (issue 38). Only a
// page built with apps/server/browser's `serverInBrowser()` vite plugin can import it: it bundles
// the server for a browser and provides the seeded database (`virtual:pando/seeded-dump`).
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import seededDump from 'virtual:pando/seeded-dump';
import { loadConfig } from '../config.js';
import { pgliteDatabase } from '../db/pgliteDatabase.js';
import { clearAdminDemoData } from '../seed/index.js';
import { type EmbeddedServer, startEmbeddedServer } from './embeddedServer.js';
import { holdForRollback } from './rollbackDatabase.js';
import { shiftSeedTimes } from './shiftSeedTimes.js';

export interface PageServerOptions {
  /** Where the page runs (the server's PUBLIC_URL: writes must come from it). */
  origin: string;
  /**
   * The demo's "dummy admin data" (spec 02 §9): invitations, pagers, a month of analytics and
   * the 15-network list. Off: those rows are deleted before the server starts. @default true
   */
  dummyAdminData?: boolean;
}

export interface PageServer extends EmbeddedServer {
  /** The dev login (the code from the server's dev mailbox): the session's Cookie pair. */
  login(email: string): Promise<string>;
  /**
   * The people and the chat rooms (teams, advice conversations) with their members' ids: what a
   * chat fake in the page needs (the page has no chat socket; `@pando/features/testing`).
   */
  chatDirectory(): Promise<{
    users: { id: number; uuid: string; first_name: string; last_name: string }[];
    teams: { mim_id: string; user_ids: number[] }[];
    adviceConversations: { mim_id: string; user_ids: number[] }[];
  }>;
}

/**
 * Starts the server on an in-page PGlite loaded from the seeded dump: the same routes, access
 * rules, audit trail and demo organisation as `npm start`, answering through `answer()` (the MSW
 * bridge `embeddedApi` hands it the page's `/api/*` requests). ~3 s on a laptop, most of it
 * PGlite opening the dump. The demo's clock is the page's: a dump seeded days ago is moved to
 * today first (shiftSeedTimes.ts), so its "yesterday" is yesterday.
 */
export async function startServerInPage(options: PageServerOptions): Promise<PageServer> {
  const res = await fetch(seededDump.url);
  if (!res.ok) throw new Error(`the seeded database did not load: ${String(res.status)}`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  // Some static hosts (vite preview among them) send a .gz file with `Content-Encoding: gzip`,
  // and the browser unpacks it on the way: what arrived decides, by gzip's first two bytes.
  const gzip = bytes[0] === 0x1f && bytes[1] === 0x8b;
  const client = await PGlite.create({
    loadDataDir: new Blob([bytes], { type: gzip ? 'application/x-gzip' : 'application/x-tar' }),
    extensions: { pg_trgm },
  });
  const plain = pgliteDatabase(client);
  await shiftSeedTimes(plain, new Date(seededDump.seededAt), new Date());
  if (options.dummyAdminData === false) await clearAdminDemoData(plain);
  // The local development mode (the dev mailbox gives the login codes), logins unlimited. Errors
  // only are logged (the page's console): a 500's cause beside the client's report of it.
  const config = loadConfig(
    { NODE_ENV: 'test' },
    {
      logLevel: 'error',
      loginRateLimitPerEmail: 100_000,
      loginRateLimitPerIp: 100_000,
      publicUrl: options.origin,
    },
  );
  const server = await startEmbeddedServer(await holdForRollback(client), config);
  return {
    ...server,
    login: (email) => loginInPage(server, options.origin, email),
    chatDirectory: () => chatDirectory(server),
  };
}

async function chatDirectory(server: EmbeddedServer) {
  const { db } = server.app;
  const users = await db.query<{ id: number; uuid: string; first_name: string; last_name: string }>(
    'select id, uuid::text as uuid, first_name, last_name from users order by id',
  );
  const teams = await db.query<{ mim_id: string; user_ids: number[] }>(
    `select t.mim_id, coalesce(array_agg(m.user_id order by m.user_id)
            filter (where m.user_id is not null), '{}') as user_ids
       from teams t left join team_members m on m.team_id = t.id
      group by t.id order by t.id`,
  );
  // An advice conversation's room: the person who asked and the team asked.
  const advice = await db.query<{ mim_id: string; user_ids: number[] }>(
    `select a.mim_id, array_prepend(a.requestor_id, coalesce(array_agg(m.user_id order by m.user_id)
            filter (where m.user_id is not null), '{}')) as user_ids
       from advice_conversations a left join team_members m on m.team_id = a.team_id
      group by a.id order by a.id`,
  );
  return { users: users.rows, teams: teams.rows, adviceConversations: advice.rows };
}

/** A JSON request as the page's client would send it (its Origin: the Origin checks of writes). */
function ask(origin: string, path: string, json: unknown): Request {
  return new Request(new URL(path, origin), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(json),
  });
}

/** The cookies an answer sets, as a Cookie header (cleared ones left out). */
function cookiesOf(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

async function loginInPage(server: EmbeddedServer, origin: string, email: string) {
  const start = await server.answer(ask(origin, '/api/v4/auth', { email }));
  if (start.status !== 200) throw new Error(`login for ${email}: ${String(start.status)}`);
  const mailbox = await server.answer(
    new Request(new URL(`/api/dev/mailbox?to=${encodeURIComponent(email)}`, origin)),
  );
  const mail = JSON.parse(new TextDecoder().decode(mailbox.body ?? new Uint8Array())) as {
    results: { text: string }[];
  };
  const code = /\b([A-Z0-9]{3}-[A-Z0-9]{3})\b/.exec(mail.results[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no login code in the dev mailbox for ${email}`);
  const done = await server.answer(
    ask(origin, '/api/v4/auth/validate?cookie=true', { authorization_code: code }),
    cookiesOf(start.headers),
  );
  const session = cookiesOf(done.headers)
    .split('; ')
    .find((pair) => pair.split('=')[0]?.endsWith('pando_session'));
  if (done.status !== 200 || !session)
    throw new Error(`login for ${email}: ${String(done.status)}`);
  return session;
}
export { embeddedApi } from './mswBridge.js';
