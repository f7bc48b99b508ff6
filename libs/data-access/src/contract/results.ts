import { ApiError, isBadRequest, type BadRequest } from '../http/errors';

/** Unwraps a 400 result as a test failure naming what the server said. */
export function ok<T>(value: T | BadRequest): T {
  if (isBadRequest(value))
    throw new Error(`unexpected 400 from ${value.method} ${value.path}: ${value.message}`);
  return value;
}

/** The status a call ends with (200 for success, 400 for a BadRequest, else the error's). */
export async function status(promise: Promise<unknown>): Promise<number> {
  try {
    const value = await promise;
    return isBadRequest(value) ? 400 : 200;
  } catch (error) {
    if (error instanceof ApiError) return error.status;
    throw error;
  }
}
