import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Config, plainAddress, type ProxyTrust } from '../config.js';
import { contentTypeRefusal, crossSiteRefusal, TEXTS } from '@pando/domain';
import { HttpError } from './errors.js';

/** The Content-Security-Policy every response carries. */
function contentSecurityPolicy(config: Config): string {
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
    // Answers are private unless their route says otherwise (the web app's files, /api/config):
    // an API answer depends on the caller, so no browser or proxy may keep a copy (finding 10).
    if (!reply.hasHeader('cache-control')) void reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
}

/** The origin a same-site browser request carries: PUBLIC_URL, or the request's own scheme+host. */
function expectedOrigin(config: Config, req: FastifyRequest): string {
  return config.publicUrl ?? `${req.protocol}://${req.host}`;
}

/**
 * The client's address for a raw request (the chat WebSocket upgrade), by the rule Fastify applies
 * to `req.ip` with the same `config.trustProxy` function (proxy-addr's): from the socket's peer
 * (hop 0) back through `X-Forwarded-For`, the first address not trusted is the client.
 */
export function clientAddress(req: IncomingMessage, trust: ProxyTrust): string {
  const peer = plainAddress(req.socket.remoteAddress ?? '');
  if (!trust) return peer;
  const forwarded = String(req.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((a) => plainAddress(a.trim()))
    .filter(Boolean)
    .reverse();
  const chain = [peer, ...forwarded];
  for (let hop = 0; hop < chain.length - 1; hop++) {
    const address = chain[hop] ?? '';
    if (!trust(address, hop)) return address;
  }
  return chain[chain.length - 1] ?? peer;
}

/**
 * `expectedOrigin` for a raw request (the chat WebSocket upgrade): PUBLIC_URL, or the request's
 * scheme (`X-Forwarded-Proto` only from a trusted proxy, its last entry, as Fastify reads it)
 * and Host.
 */
export function expectedRawOrigin(config: Config, req: IncomingMessage): string | undefined {
  if (config.publicUrl) return config.publicUrl;
  const host = req.headers.host;
  if (!host) return undefined;
  const proxied =
    config.trustProxy && config.trustProxy(req.socket.remoteAddress ?? '', 0)
      ? String(req.headers['x-forwarded-proto'] ?? '')
          .split(',')
          .at(-1)
          ?.trim()
      : '';
  const scheme =
    proxied || ('encrypted' in req.socket && req.socket.encrypted === true ? 'https' : 'http');
  return `${scheme}://${host}`;
}

/**
 * CSRF defence for cookie-authenticated calls: a cross-site form can only send
 * `text/plain`, `multipart/form-data` or `application/x-www-form-urlencoded` without a
 * preflight, and a cross-site fetch with JSON needs CORS, which we never grant. So every
 * non-GET request must be JSON (or multipart, for uploads, where the Origin check below
 * carries the defence), and a present Origin must be ours. Whatever its path: the router
 * decodes `/%61pi/…` to `/api/…`, so a check on the raw path let it through (finding 3).
 */
export function registerCsrfProtection(app: FastifyInstance, config: Config): void {
  app.addHook('onRequest', (req, _reply, done) => {
    done(csrfError(config, req));
  });
}

function csrfError(config: Config, req: FastifyRequest): HttpError | undefined {
  // Both rules are the domain's: the type, then where the call comes from (a GET, HEAD or
  // OPTIONS passes both).
  const { headers } = req;
  const site = headers['sec-fetch-site'];
  const refused =
    contentTypeRefusal(req.method, headers['content-type']) ??
    crossSiteRefusal({
      method: req.method,
      contentType: headers['content-type'],
      origin: headers.origin,
      ownOrigin: expectedOrigin(config, req),
      // Node joins a repeated header into one string; the typing allows a list all the same.
      secFetchSite: Array.isArray(site) ? site.join(', ') : site,
      withCookies: headers.cookie !== undefined,
    });
  if (refused) return new HttpError(refused.statusCode, refused.message, refused.details);
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
        new HttpError(400, TEXTS.bodyNotJson, [{ path: '(body)', message: 'not valid JSON' }]),
        undefined,
      );
    }
  });
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** Whether a development server answers a Host name (issue 36, see registerDevHostCheck). */
function devHostAllowed(host: string | undefined, publicUrl: string | undefined): boolean {
  if (host === undefined || host === '') return true;
  const name = (
    host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]
  )?.toLowerCase();
  if (!name) return true;
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  // An address is not a name: DNS rebinding needs a name that an attacker's DNS turns into ours.
  if (IPV4.test(name) || name.startsWith('[')) return true;
  return publicUrl !== undefined && new URL(publicUrl).hostname.toLowerCase() === name;
}

/**
 * Local development mode only: requests naming any host but localhost, an IP address or
 * PUBLIC_URL's host are refused. A web page of another site can point its own DNS name at
 * 127.0.0.1 (DNS rebinding) and then read same-origin answers of this server — the dev mailbox
 * with everyone's login codes, the demo accounts. Production servers answer every Host.
 */
export function registerDevHostCheck(app: FastifyInstance, config: Config): void {
  if (!config.localDev) return;
  app.addHook('onRequest', (req, _reply, done) => {
    if (devHostAllowed(req.headers.host, config.publicUrl)) {
      done();
      return;
    }
    done(
      new HttpError(403, TEXTS.devLocalhostOnly, [
        { path: 'host', message: 'must be localhost, an IP address or PUBLIC_URL' },
      ]),
    );
  });
}
