import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createTestDatabase, type TestDatabase } from '../testing/testDb.js';
import { sweepExpired } from './sweeper.js';

const HOUR = 3_600_000;

describe('sweeping expired auth data', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase({ seed: true });
  });
  afterAll(async () => {
    await db.close();
  });

  it('deletes dead sessions, expired tokens and old login attempts, and keeps live ones', async () => {
    const now = new Date('2030-01-10T12:00:00Z');
    const config = { ...loadConfig({}), now: () => now };
    const user = (await db.query<{ id: number }>('select id from users order by id limit 1'))
      .rows[0];
    expect(user).toBeDefined();
    const userId = user?.id;
    const session = async (hash: string, lastSeen: Date, expires: Date) =>
      (
        await db.query<{ id: number }>(
          `insert into sessions (token_hash, user_id, created_at, last_seen_at, expires_at)
           values ($1, $2, $3, $3, $4) returning id`,
          [hash, userId, lastSeen, expires],
        )
      ).rows[0]?.id;
    const live = await session(
      'live',
      new Date(now.getTime() - HOUR),
      new Date(now.getTime() + HOUR),
    );
    await session(
      'idle',
      new Date(now.getTime() - config.sessionIdleMs - 1000),
      new Date(now.getTime() + HOUR),
    );
    await session('old', new Date(now.getTime() - HOUR), new Date(now.getTime() - 1000));
    await db.query(
      `insert into chat_tokens (token_hash, user_id, session_id, expires_at) values ('t-dead', $1, $2, $3), ('t-live', $1, $2, $4)`,
      [userId, live, new Date(now.getTime() - 1000), new Date(now.getTime() + 1000)],
    );
    await db.query(
      `insert into login_codes (email, code_hash, challenge_hash, created_at, expires_at)
       values ('a@example.org', 'x', 'c-recent', $1, $1), ('a@example.org', 'x', 'c-old', $2, $2)`,
      [new Date(now.getTime() - HOUR), new Date(now.getTime() - 3 * 24 * HOUR)],
    );

    const swept = await sweepExpired(db, config);
    expect(swept.sessions).toBeGreaterThanOrEqual(2);
    const hashes = (
      await db.query<{ token_hash: string }>('select token_hash from sessions')
    ).rows.map((r) => r.token_hash);
    expect(hashes).toContain('live');
    expect(hashes).not.toContain('idle');
    expect(hashes).not.toContain('old');
    const tokens = (
      await db.query<{ token_hash: string }>('select token_hash from chat_tokens')
    ).rows.map((r) => r.token_hash);
    expect(tokens).toEqual(['t-live']);
    const codes = (
      await db.query<{ challenge_hash: string }>('select challenge_hash from login_codes')
    ).rows.map((r) => r.challenge_hash);
    expect(codes).toContain('c-recent');
    expect(codes).not.toContain('c-old');
  });
});
