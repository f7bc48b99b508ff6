import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { START_PAGE_REQUEST_HEADER } from '@pando/domain';
import type { Config } from '../config.js';
import { notFound } from './errors.js';
import { firstPaintLinks } from './firstPaintHints.js';

/**
 * Vite writes content-hashed files to /assets/: they never change, so cache them for a year.
 * Everything else is `no-cache` (revalidated by ETag on each use), notably the installable app's
 * files at the root (apps/web vite.config.ts `pwa()`, issue 37): the service worker `sw.js` and
 * its `workbox-<hash>.js`, `manifest.webmanifest` (sent as application/manifest+json) and the
 * icons. A cached sw.js would hide a deploy from the browser's update check.
 */
const HASHED_ASSET = /^\/assets\/.+[-.][A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

function acceptsHtml(req: FastifyRequest): boolean {
  const accept = req.headers.accept;
  return accept === undefined || accept.includes('text/html') || accept.includes('*/*');
}

function isServerPath(url: string): boolean {
  return (
    url === '/api' ||
    url.startsWith('/api/') ||
    url === '/xmpp' ||
    url.startsWith('/xmpp?') ||
    url.startsWith('/xmpp/')
  );
}

/**
 * Serves the built SPA with history fallback: unknown non-API GETs that accept HTML get
 * index.html (never cached, so a deploy is picked up at once); unknown /api paths get the JSON
 * 404; a missing file with an extension stays a 404 so a stale script URL fails loudly instead
 * of receiving HTML.
 */
export async function registerWebApp(app: FastifyInstance, config: Config): Promise<void> {
  const indexPath = path.join(config.webDistDir, 'index.html');
  const hasWeb = fs.existsSync(indexPath);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      index: false,
      wildcard: true,
      etag: true,
      // The web build writes a .br and a .gz beside each text asset (apps/web/vite.config.ts):
      // sent as such to a browser that accepts them (Vary: Accept-Encoding), the plain file to
      // one that does not or when a file has none (issue 16).
      preCompressed: true,
      setHeaders(res, filePath) {
        const served = `/${path.relative(config.webDistDir, filePath).split(path.sep).join('/')}`;
        const rel = served.replace(/\.(br|gz)$/, '');
        res.header(
          'Cache-Control',
          HASHED_ASSET.test(rel) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    // The root is a directory to @fastify/static (403 with index: false): answer it as a route.
    // A signed-in navigation there gets the chat list's first paint hinted, and the service
    // worker's saved copy a returning visit's (firstPaintHints.ts).
    const links = firstPaintLinks(config);
    app.get('/', (req, reply) => {
      const link = links?.(req);
      if (link) reply.header('Link', link);
      return reply
        .header('Cache-Control', 'no-cache')
        .header('Vary', `Cookie, ${START_PAGE_REQUEST_HEADER}`)
        .type('text/html; charset=utf-8')
        .sendFile('index.html');
    });
  } else {
    app.log.warn(
      `No web app at ${config.webDistDir}: run "npm run build -w @pando/web" (npm start does it).`,
    );
  }

  app.setNotFoundHandler(async (req: FastifyRequest, reply: FastifyReply) => {
    const url = req.url.split('?')[0] ?? '/';
    const isGet = req.method === 'GET' || req.method === 'HEAD';
    const lastSegment = url.slice(url.lastIndexOf('/') + 1);
    if (!isGet || isServerPath(req.url) || lastSegment.includes('.') || !acceptsHtml(req)) {
      const err = notFound(`${req.method} ${url}`);
      return reply.code(404).send(err.toBody());
    }
    if (!fs.existsSync(indexPath)) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send(
          'The web app is not built yet. Run "npm start" (it builds it) or "npm run build -w @pando/web".',
        );
    }
    return reply
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .sendFile('index.html');
  });
}
