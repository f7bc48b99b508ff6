import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { HttpError } from './errors.js';

/** The Content-Security-Policy every response carries. */
export function contentSecurityPolicy(config: Config): string {
  const connect = ["'self'"];
  // 'self' covers same-origin ws: in current browsers, but older Safari needs the ws origin.
  if (config.publicUrl) connect.push(config.publicUrl.replace(/^http/, 'ws'));
  if (config.chatWsUrl) connect.push(new URL(config.chatWsUrl).origin.replace(/^http/, 'ws'));
  return [
    "default-src 'self'",
    "script-src 'self'",
    // 'unsafe-inline' for styles only: Mantine (and its emotion-free runtime) injects <style>
    // tags for CSS variables and responsive props. Scripts stay strictly 'self'.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    `connect-src ${[...new Set(connect)].join(' ')}`,
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const headers: Record<string, string> = {
    'Content-Security-Policy': contentSecurityPolicy(config),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(config.secure
      ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' }
      : {}),
  };
  // A callback hook, not an async one: it runs on every response, the hot reads' included.
  app.addHook('onSend', (_req, reply, payload, done) => {
    void reply.headers(headers);
    done(null, payload);
  });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origin a same-site browser request carries: PUBLIC_URL, or the request's own scheme+host. */
export function expectedOrigin(config: Config, req: FastifyRequest): string {
  return config.publicUrl ?? `${req.protocol}://${req.host}`;
}

/**
 * CSRF defence for cookie-authenticated calls: a cross-site form can only send
 * `text/plain`, `multipart/form-data` or `application/x-www-form-urlencoded` without a
 * preflight, and a cross-site fetch with JSON needs CORS, which we never grant. So every
 * non-GET under /api must be JSON (or multipart, for uploads, where the Origin check below
 * carries the defence), and a present Origin must be ours.
 */
export function registerCsrfProtection(app: FastifyInstance, config: Config): void {
  app.addHook('onRequest', (req, _reply, done) => {
    done(csrfError(config, req));
  });
}

function csrfError(config: Config, req: FastifyRequest): HttpError | undefined {
  if (SAFE_METHODS.has(req.method) || !req.url.startsWith('/api/')) return undefined;
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const isJson = type === 'application/json';
  const isMultipart = type === 'multipart/form-data';
  if (!isJson && !isMultipart) {
    return new HttpError(
      403,
      'Requests that change data must send Content-Type: application/json',
      [
        {
          path: 'content-type',
          message: 'must be application/json (or multipart/form-data for uploads)',
        },
      ],
    );
  }
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== expectedOrigin(config, req)) {
    return new HttpError(403, 'Cross-origin request refused', [
      { path: 'origin', message: `must be ${expectedOrigin(config, req)}` },
    ]);
  }
  if (isMultipart && origin === undefined && req.headers.cookie !== undefined) {
    // A browser always sends Origin on a cross-site multipart POST; without it we cannot tell.
    const site = req.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none') {
      return new HttpError(403, 'Cross-site upload refused', [
        { path: 'sec-fetch-site', message: 'must be same-origin' },
      ]);
    }
  }
  return undefined;
}

/** JSON parser that accepts an empty body: the web client sends the JSON type on bodyless calls. */
export function registerJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    try {
      done(null, JSON.parse(text) as unknown);
    } catch {
      done(
        new HttpError(400, 'Invalid request: body is not valid JSON', [
          { path: '(body)', message: 'not valid JSON' },
        ]),
        undefined,
      );
    }
  });
}
