import { afterEach, describe, expect, it } from 'vitest';
import { MOCK_NETWORKS_TOTAL, reportWindow } from '@pando/domain';
import { loadConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { buildServer } from '../app.js';
import { clearAdminDemoData, DEMO_ACCOUNTS, seedDatabase } from '../seed/index.js';
import { createTestDatabase, type TestDatabase } from '../testing/testDb.js';
import { loginThrough } from '../testing/testServer.js';
import { shiftSeedTimes } from './shiftSeedTimes.js';

/**
 * The database the server in a page starts from (page.ts): the demo seed with the dummy admin
 * data, made on the day the page was built and moved to the day it is opened, or with the dummy
 * admin data switched off. What the demo's administrator sees of it, through the API.
 */
const DAY = 86_400_000;
const config = loadConfig(
  { NODE_ENV: 'test' },
  {
    logLevel: 'silent',
    loginRateLimitPerEmail: 1000,
    loginRateLimitPerIp: 100_000,
    webDistDir: '/nonexistent-web-dist',
  },
);
const open: TestDatabase[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((db) => db.close()));
});

async function seeded(now: Date) {
  const db = await createTestDatabase();
  open.push(db);
  await seedDatabase(db, { now, xmppDomain: config.xmppDomain, dummyNetworks: true });
  return db;
}

/** What the console shows: the network list's size, pending invitations, the report's figures. */
async function shownInConsole(db: Database, day = new Date()) {
  const app = await buildServer(config, { db });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const url = `http://127.0.0.1:${String(typeof address === 'object' && address ? address.port : 0)}`;
    const get = async <T>(path: string, email: string): Promise<T> => {
      const { accessToken } = await loginThrough(fetch, url, email);
      const res = await fetch(url + path, { headers: { authorization: `Bearer ${accessToken}` } });
      expect(res.status, path).toBe(200);
      return (await res.json()) as T;
    };
    const network = (
      await db.query<{ network_id: number }>(
        'select h.network_id from users u join hospitals h on h.id = u.hospital_id where u.email = $1',
        [DEMO_ACCOUNTS.networkAdmin],
      )
    ).rows[0]!.network_id;
    const w = reportWindow(day);
    const report: Record<string, number> = {};
    for (const metric of ['active-users/count', 'messages/total/count', 'sessions/total/count'])
      report[metric] = (
        await get<{ count: number }>(
          `/api/v1/network/${String(network)}/${metric}/${w.from}/${w.to}`,
          DEMO_ACCOUNTS.networkAdmin,
        )
      ).count;
    const networks = await get<{ totalResults: number }>(
      '/api/v4/admin/networks',
      DEMO_ACCOUNTS.pandoAdmin,
    );
    const invites = await db.query('select 1 from invites');
    const pagers = await db.query('select 1 from pagers');
    return {
      networks: networks.totalResults,
      invites: invites.rows.length,
      pagers: pagers.rows.length,
      report,
    };
  } finally {
    await app.close();
  }
}

describe('the seeded database of the server in a page', () => {
  it('has the 15 networks of the dummy admin data (spec 02 §9), and a dump of 3 days ago shows today’s report', async () => {
    const now = new Date();
    const today = await shownInConsole(await seeded(now));
    expect(today.networks).toBe(MOCK_NETWORKS_TOTAL);
    expect(today.report['messages/total/count']).toBeGreaterThan(0);

    const then = new Date(now.getTime() - 3 * DAY);
    const old = await seeded(then);
    // On its own day, its report; today, unmoved, three days of it are missing.
    const onItsDay = await shownInConsole(old, then);
    expect((await shownInConsole(old)).report).not.toEqual(onItsDay.report);
    expect(await shiftSeedTimes(old, then, now)).toBe(3);
    // Moved, today shows what its own day showed (the activity is the seed's, by weekday).
    expect((await shownInConsole(old)).report).toEqual(onItsDay.report);
    // Seeded today: nothing to move.
    expect(await shiftSeedTimes(old, now, now)).toBe(0);
  }, 120_000);

  it('without the dummy admin data: the two real networks, no invitations or pagers, a report of zeros', async () => {
    const db = await seeded(new Date());
    await clearAdminDemoData(db);
    const shown = await shownInConsole(db);
    expect(shown).toEqual({
      networks: 2,
      invites: 0,
      pagers: 0,
      report: {
        'active-users/count': 0,
        'messages/total/count': 0,
        'sessions/total/count': 0,
      },
    });
  }, 120_000);
});
