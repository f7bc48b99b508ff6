import { TEXTS } from '../texts/texts';
import type { ApiError } from './errors';

/** Methods that never change data: the only ones a cross-site page may send freely. */
const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The CSRF rule on a request's type (apps/server src/http/security.ts `csrfError`, which the
 * mock backend follows): a cross-site form can send `text/plain`, `multipart/form-data` or
 * `application/x-www-form-urlencoded` without a preflight, and a cross-site JSON fetch needs CORS,
 * which is never granted. So a call that changes data must be JSON, or multipart for uploads,
 * whatever its path (logout and the login calls too): otherwise 403, before the session is read.
 */
export function contentTypeRefusal(
  method: string,
  contentType: string | null | undefined,
): ApiError | undefined {
  if (SAFE_METHODS.has(method.toUpperCase())) return undefined;
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/json' || type === 'multipart/form-data') return undefined;
  return {
    statusCode: 403,
    message: TEXTS.jsonContentTypeRequired,
    details: [
      {
        path: 'content-type',
        message: 'must be application/json (or multipart/form-data for uploads)',
      },
    ],
  };
}
