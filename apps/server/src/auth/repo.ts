import { randomUUID } from 'node:crypto';
import { inviteeName } from '@pando/domain';
import type { DatabaseTx } from '../db/client.js';
import type { loginCodes } from '../db/schema/index.js';

/** A login code as POST /auth/validate checks it. */
export type LoginCodeRow = Pick<
  typeof loginCodes.$inferSelect,
  'id' | 'email' | 'code_hash' | 'attempts' | 'expires_at' | 'used_at' | 'invalidated_at'
>;

/**
 * Codes asked for since `since`, per client address or per email from that address, and when
 * the `limit`-th newest of them was asked for (null when there are fewer).
 */
export async function recentLoginCodes(
  tx: DatabaseTx,
  by: { email: string; ip: string } | { ip: string },
  since: Date,
  limit: number,
): Promise<{ n: number; oldest: Date | null } | undefined> {
  const perPair = 'email' in by;
  const where = perPair ? 'email = $1 and ip = $4' : 'ip = $1';
  const r = await tx.query<{ n: number; oldest: Date | null }>(
    // The limit-th newest attempt decides when the next one is allowed again.
    `select count(*)::int as n,
            (select created_at from login_codes where ${where} and created_at > $2
              order by created_at desc offset $3 - 1 limit 1) as oldest
       from login_codes where ${where} and created_at > $2`,
    perPair ? [by.email, since, limit, by.ip] : [by.ip, since, limit],
  );
  return r.rows[0];
}

/** Ends the unused codes of a challenge (a browser's previous login in progress). */
export async function invalidateChallengeCodes(
  tx: DatabaseTx,
  challengeHash: string,
  now: Date,
): Promise<void> {
  await tx.query(
    `update login_codes set invalidated_at = $2
            where challenge_hash = $1 and used_at is null and invalidated_at is null`,
    [challengeHash, now],
  );
}

export async function insertLoginCode(
  tx: DatabaseTx,
  c: {
    email: string;
    codeHash: string;
    challengeHash: string;
    ip: string;
    now: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await tx.query(
    `insert into login_codes (email, code_hash, challenge_hash, ip, created_at, expires_at)
         values ($1, $2, $3, $4, $5, $6)`,
    [c.email, c.codeHash, c.challengeHash, c.ip, c.now, c.expiresAt],
  );
}

/** The code of a challenge, locked until the transaction ends. */
export async function lockLoginCode(
  tx: DatabaseTx,
  challengeHash: string,
): Promise<LoginCodeRow | undefined> {
  const r = await tx.query<LoginCodeRow>(
    `select id, email, code_hash, attempts, expires_at, used_at, invalidated_at
           from login_codes where challenge_hash = $1 for update`,
    [challengeHash],
  );
  return r.rows[0];
}

/** Counts a wrong guess against the code. */
export async function countWrongGuess(tx: DatabaseTx, id: number): Promise<void> {
  await tx.query('update login_codes set attempts = attempts + 1 where id = $1', [id]);
}

export async function markLoginCodeUsed(tx: DatabaseTx, id: number, now: Date): Promise<void> {
  await tx.query('update login_codes set used_at = $2 where id = $1', [id, now]);
}

/** True when the email may complete a login: an active user or a pending invitation. */
export async function mayLogIn(tx: DatabaseTx, email: string): Promise<boolean> {
  const r = await tx.query<{ ok: boolean }>(
    `select exists(select 1 from users where email = $1 and not blocked)
         or exists(select 1 from invites where email = $1 and accepted_at is null and rescinded_at is null) as ok`,
    [email],
  );
  return r.rows[0]?.ok === true;
}

/**
 * Web sign-up is impossible (spec 01 §1): a user is only created here, at the first login of an
 * email with a pending invitation, in the invitation's organisation.
 */
export async function userFromInvite(
  tx: DatabaseTx,
  email: string,
  now: Date,
): Promise<number | null> {
  const inv = await tx.query<{ id: number; hospital_id: number }>(
    `select id, hospital_id from invites
      where email = $1 and accepted_at is null and rescinded_at is null for update`,
    [email],
  );
  const invite = inv.rows[0];
  if (!invite) return null;
  const { first, last } = inviteeName(email);
  const created = await tx.query<{ id: number }>(
    `insert into users (uuid, email, first_name, last_name, hospital_id, access_level, created_at, modified_at)
     values ($1, $2, $3, $4, $5, 'USER', $6, $6) returning id`,
    [randomUUID(), email, first, last, invite.hospital_id, now],
  );
  await tx.query('update invites set accepted_at = $2 where id = $1', [invite.id, now]);
  const row = created.rows[0];
  if (!row) throw new Error('user insert returned no row');
  return row.id;
}
