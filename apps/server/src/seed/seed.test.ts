import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { percentDelta, previousReportWindow, reportWindow } from '@pando/domain';
import { DEMO_ACCOUNTS } from './index.js';
import { startTestServer, type TestServer } from '../testing/testServer.js';

/**
 * The demo organisation as the real server seeds it, as an administrator or a new user first
 * sees it (issue 35): the report's deltas are real percentages (the seed has the 30 days before
 * the report's window too; with only the window every delta was "–"), and the form templates are
 * there (the builder was empty).
 */
let ts: TestServer;

function get(token: string, url: string) {
  return ts.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
}

beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(async () => {
  await ts.close();
});

describe('the seeded demo organisation', () => {
  it('the network report shows a real delta for active users, messages and sessions', async () => {
    const { accessToken } = await ts.login(DEMO_ACCOUNTS.networkAdmin);
    const network = (
      await ts.db.query<{ network_id: number }>(
        'select h.network_id from users u join hospitals h on h.id = u.hospital_id where u.email = $1',
        [DEMO_ACCOUNTS.networkAdmin],
      )
    ).rows[0]!.network_id;
    const today = new Date();
    const now = reportWindow(today);
    const before = previousReportWindow(today);
    const count = async (metric: string, w: { from: string; to: string }) => {
      const r = await get(
        accessToken,
        `/api/v1/network/${String(network)}/${metric}/${w.from}/${w.to}`,
      );
      expect(r.statusCode).toBe(200);
      return r.json<{ count: number }>().count;
    };
    for (const metric of ['active-users/count', 'messages/total/count', 'sessions/total/count']) {
      const current = await count(metric, now);
      const previous = await count(metric, before);
      expect(previous, `${metric} in the 30 days before the window`).toBeGreaterThan(0);
      expect(percentDelta(current, previous), metric).not.toBeNull();
    }
  });

  it('St Elsewhere has form templates: a clinician sees them as the organisation’s', async () => {
    const { accessToken } = await ts.login(DEMO_ACCOUNTS.alice);
    const r = await get(accessToken, '/api/v4/structured/templates');
    expect(r.statusCode).toBe(200);
    const titles = r
      .json<{ results: { title: string; author: string; created_by_id: number | null }[] }>()
      .results.map((t) => `${t.title} by ${t.author}`);
    expect(titles).toEqual(
      expect.arrayContaining([
        'Patient handover by Omar Organisation',
        'Observation chart by Omar Organisation',
      ]),
    );
    // Another organisation does not see them.
    const carol = await ts.login(DEMO_ACCOUNTS.carol);
    const theirs = (await get(carol.accessToken, '/api/v4/structured/templates')).json<{
      results: { title: string }[];
    }>();
    expect(theirs.results.map((t) => t.title)).not.toContain('Patient handover');
  });
});
