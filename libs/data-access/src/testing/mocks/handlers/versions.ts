import { EDIT_CONFLICT, ifMatchVersion, isStaleVersion, TEXTS } from '@pando/domain';
import type { MockBackend } from '../backend';
import { versionOf } from './recordVersion';
import { apiError, fail } from './util';

/** The 409 of a change made on a stale copy. */
export const editConflict = () =>
  apiError(409, TEXTS.editConflict, { internalCode: EDIT_CONFLICT });

/**
 * As the server's `lockAtVersion`: a change made on another version than the record's (the
 * body's `modified_at`, else `If-Match`) answers 409 `EDIT_CONFLICT`; none named, none checked.
 */
export function refuseStale(
  request: Request,
  record: { modified_at?: string | undefined },
  bodyVersion?: string,
): void {
  const basedOn = bodyVersion ?? ifMatchVersion(request.headers.get('if-match') ?? undefined);
  if (isStaleVersion(versionOf(record), basedOn)) fail(editConflict());
}

/** Gives a changed record its new version: now, or just after its last when the clock has not moved. */
export function touch(backend: MockBackend, record: { modified_at?: string | undefined }): string {
  const next = Math.max(backend.now().getTime(), Date.parse(versionOf(record)) + 1);
  record.modified_at = new Date(next).toISOString();
  return record.modified_at;
}
