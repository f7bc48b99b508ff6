import { EDIT_CONFLICT } from '@pando/domain';
import { DataConflictError } from '../http/errors';

/**
 * Whether a write was refused because it was made on a stale copy (409 `EDIT_CONFLICT`, issue
 * 35): someone else changed the record meanwhile. The hooks refetch the record on it, so the
 * screen shows the latest version with `TEXTS.editConflict`.
 */
export function isEditConflict(error: unknown): error is DataConflictError {
  return error instanceof DataConflictError && error.internalCode === EDIT_CONFLICT;
}
