import type { FastifyRequest } from 'fastify';
import { EDIT_CONFLICT, ifMatchVersion, isStaleVersion, TEXTS } from '@pando/domain';
import type { DatabaseTx } from '../db/client.js';
import { HttpError } from './errors.js';

/** The shared records whose changes are checked against the version they were made on. */
type VersionedTable = 'teams' | 'patients' | 'patient_cards' | 'form_templates';

/** 409: the change was made on a stale copy (apps/server/README.md "Stale writes"). */
export const editConflict = () => new HttpError(409, TEXTS.editConflict, undefined, EDIT_CONFLICT);

/**
 * The version a change was made on: the body's `modified_at` when it sent one, else the
 * `If-Match` header. Undefined: the client named none, and the change is not checked.
 */
export function versionOf(req: FastifyRequest, bodyVersion?: string): string | undefined {
  return bodyVersion ?? ifMatchVersion(req.headers['if-match']);
}

/**
 * Locks the record's row for the rest of the transaction and refuses (409 `EDIT_CONFLICT`) a
 * change made on another version than the stored one; two changes of one version cannot both
 * pass, the second waits for the lock and then sees the first's `modified_at`. Returns the
 * `modified_at` to write: `now`, or just after the stored one when the clock has not moved past
 * it, so every change makes a new version.
 */
export async function lockAtVersion(
  tx: DatabaseTx,
  table: VersionedTable,
  id: number,
  basedOn: string | undefined,
  now: Date,
): Promise<Date> {
  const r = await tx.query<{ modified_at: Date }>(
    `select modified_at from ${table} where id = $1 for update`,
    [id],
  );
  const row = r.rows[0];
  if (!row) return now;
  if (isStaleVersion(row.modified_at, basedOn)) throw editConflict();
  return new Date(Math.max(now.getTime(), row.modified_at.getTime() + 1));
}
