import { TEXTS } from '../texts/texts';
import type { ApiError } from './errors';

/** Methods that never change data: the only ones a cross-site page may send freely. */
const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

const mediaType = (contentType: string | null | undefined) =>
  (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

/**
 * The CSRF rule on a request's type (apps/server src/http/security.ts `csrfError`): a cross-site
 * form can send `text/plain`, `multipart/form-data` or `application/x-www-form-urlencoded`
 * without a preflight, and a cross-site JSON fetch needs CORS, which is never granted. So a call
 * that changes data must be JSON, or multipart for uploads, whatever its path (logout and the
 * login calls too): otherwise 403, before the session is read.
 */
export function contentTypeRefusal(
  method: string,
  contentType: string | null | undefined,
): ApiError | undefined {
  if (SAFE_METHODS.has(method.toUpperCase())) return undefined;
  const type = mediaType(contentType);
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

/** Where a request says it comes from (null or undefined: the header was not sent). */
export interface RequestSite {
  method: string;
  contentType: string | null | undefined;
  origin: string | null | undefined;
  /** Our own origin: the public URL, or the request's scheme and host. */
  ownOrigin: string | undefined;
  secFetchSite: string | null | undefined;
  /** Whether the request carries a Cookie header (a cookie session rides on it). */
  withCookies: boolean;
}

/**
 * The CSRF rule on where a call that changes data comes from, after `contentTypeRefusal`
 * (apps/server src/http/security.ts `csrfError`): an Origin that is not ours is refused (403). A
 * multipart upload is the one type a cross-site form may send, so one sent with cookies and no
 * Origin is refused when Sec-Fetch-Site names another site.
 */
export function crossSiteRefusal(request: RequestSite): ApiError | undefined {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return undefined;
  const { origin, ownOrigin } = request;
  if (origin != null && origin !== ownOrigin)
    return {
      statusCode: 403,
      message: TEXTS.crossOriginRefused,
      details: [{ path: 'origin', message: `must be ${String(ownOrigin)}` }],
    };
  const site = request.secFetchSite;
  if (
    mediaType(request.contentType) === 'multipart/form-data' &&
    origin == null &&
    request.withCookies &&
    site != null &&
    site !== 'same-origin' &&
    site !== 'none'
  )
    return {
      statusCode: 403,
      message: TEXTS.crossSiteUploadRefused,
      details: [{ path: 'sec-fetch-site', message: 'must be same-origin' }],
    };
  return undefined;
}
