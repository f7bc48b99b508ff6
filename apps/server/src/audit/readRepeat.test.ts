import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PatientCard } from '@pando/domain';
import { loadConfig } from '../config.js';
import { DEMO_ACCOUNTS } from '../seed/index.js';
import { api, type Caller, callerFor, demoCallers } from '../teams/testing.js';
import { startTestServer, type TestServer } from '../testing/testServer.js';

/**
 * An open card refetches every 5 s (libs/data-access OPEN_RECORD_REFRESH). The trail records such
 * a read once per AUDIT_READ_REPEAT_SECONDS (default 300) per session, user, action, resource and
 * outcome; another person, another session, a refusal and a change are always recorded.
 */

let ts: TestServer;
let alice: Caller;
let bob: Caller;
let dave: Caller;
let card: PatientCard;
/** The server's clock runs this far ahead of the real one. */
let ahead = 0;

const CARDS = '/api/v4/cards-multiple-reassign';

async function events(action: string, userId: number, outcome = 'allowed'): Promise<number> {
  await ts.app.audit.flush();
  const r = await ts.db.query<{ n: number }>(
    `select count(*)::int as n from audit_events
      where action = $1 and user_id = $2 and resource_id = $3 and outcome = $4`,
    [action, userId, String(card.id), outcome],
  );
  return r.rows[0]?.n ?? 0;
}

const readCard = async (who: Caller, status = 200) => {
  const r = await api(ts, who, 'GET', `${CARDS}/${String(card.id)}`);
  expect(r.statusCode, r.body).toBe(status);
};

beforeAll(async () => {
  ts = await startTestServer({ now: () => new Date(Date.now() + ahead) });
  ({ alice, bob, dave } = await demoCallers(ts));
  const created = await api(
    ts,
    alice,
    'POST',
    `${CARDS}?assignee=users&assignee_id=${String(alice.id)}&with_empty_task=false`,
    { title: 'Repeat card', subtitle: 'Bay 4' },
  );
  expect(created.statusCode, created.body).toBe(201);
  card = created.json<PatientCard>();
  const shared = await api(
    ts,
    alice,
    'POST',
    `${CARDS}/${String(card.id)}/share/users/${String(bob.id)}`,
    { access_type: 'READ' },
  );
  expect(shared.statusCode, shared.body).toBe(200);
}, 120_000);

afterAll(async () => {
  await ts.close();
});

describe('a read an open card repeats is recorded once per window', () => {
  it('the same person reading the same card 3 times in a row: one event', async () => {
    for (let i = 0; i < 3; i += 1) await readCard(alice);
    expect(await events('card.read', alice.id)).toBe(1);
  });

  it('after the window (300 s by default) the next read is recorded again', async () => {
    ahead += 299_000;
    await readCard(alice);
    expect(await events('card.read', alice.id)).toBe(1);
    ahead += 2_000;
    await readCard(alice);
    await readCard(alice);
    expect(await events('card.read', alice.id)).toBe(2);
  });

  it('another person, and the same person in another session, get their own event', async () => {
    await readCard(bob);
    await readCard(bob);
    expect(await events('card.read', bob.id)).toBe(1);
    const aliceElsewhere = await callerFor(ts, DEMO_ACCOUNTS.alice);
    await readCard(aliceElsewhere);
    expect(await events('card.read', alice.id)).toBe(3);
  });

  it('a change is always recorded', async () => {
    for (const title of ['Repeat card 2', 'Repeat card 3']) {
      const put = await api(ts, alice, 'PUT', `${CARDS}/${String(card.id)}`, { title });
      expect(put.statusCode, put.body).toBe(200);
    }
    expect(await events('card.update', alice.id)).toBe(2);
  });

  it('a refused read is always recorded', async () => {
    for (let i = 0; i < 3; i += 1) await readCard(dave, 404);
    expect(await events('card.read', dave.id, 'refused')).toBe(3);
  });
});

describe('AUDIT_READ_REPEAT_SECONDS', () => {
  it('defaults to 300 s; 0 records every read', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).audit.readRepeatMs).toBe(300_000);
    const off = loadConfig({ NODE_ENV: 'test', AUDIT_READ_REPEAT_SECONDS: '0' });
    expect(off.audit.readRepeatMs).toBe(0);
    expect(() => loadConfig({ NODE_ENV: 'test', AUDIT_READ_REPEAT_SECONDS: '-1' })).toThrow(
      /AUDIT_READ_REPEAT_SECONDS/,
    );
  });
});

describe('AUDIT_TRAIL', () => {
  it('is on by default; off (the benchmark baseline) is refused in production', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).audit.enabled).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', AUDIT_TRAIL: 'off' }).audit.enabled).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', AUDIT_TRAIL: 'off' })).toThrow(
      /AUDIT_TRAIL: off is refused with NODE_ENV=production/,
    );
  });
});
