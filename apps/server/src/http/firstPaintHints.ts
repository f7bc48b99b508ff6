import fs from 'node:fs';
import path from 'node:path';
import { FIRST_PAINT_HINTS_FILE, firstPaintEndpoints, type FirstPaintHints } from '@pando/domain';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { readCookie, sessionCookieName } from '../auth/cookies.js';
import { REST_BASE } from './endpoint.js';

const isPaths = (v: unknown): v is string[] =>
  Array.isArray(v) &&
  v.every((p) => typeof p === 'string' && /^\/assets\/[\w-][\w.-]*\.(?:js|css)$/.test(p));

/**
 * The `Link` header of a signed-in navigation to `/` (issue 37): what the chat list's first paint
 * will ask for, hinted with the page so the browser fetches it beside the entry script instead of
 * after the entry has run. The first paint's own chunks and stylesheet (the web build's
 * `first-paint-hints.json`) and, for a first visit, its two answers: who is signed in and the
 * sidebar's lists, which the first paint then reads from the browser's preload cache (the same
 * URL, mode and credentials as its `fetch`).
 *
 * Decisions: only when the request carries a session cookie (not checked here: the HTML path
 * stays free of database work; an expired one gets two 401s, as the app's own first requests
 * would) and is the browser's navigation (`Sec-Fetch-Mode: navigate`), not the service worker's
 * copy of the shell, which a returning visit opens from and which needs neither answer. Without
 * the build's file (an older build, a test server without the web app) the header is left out.
 */
export function firstPaintLinks(
  config: Pick<Config, 'secure' | 'webDistDir'>,
): ((req: FastifyRequest) => string | undefined) | undefined {
  let hints: Partial<FirstPaintHints>;
  try {
    hints = JSON.parse(
      fs.readFileSync(path.join(config.webDistDir, FIRST_PAINT_HINTS_FILE), 'utf8'),
    ) as Partial<FirstPaintHints>;
  } catch {
    return undefined;
  }
  if (!isPaths(hints.scripts) || !isPaths(hints.styles)) return undefined;
  const header = [
    ...hints.scripts.map((p) => `<${p}>; rel=modulepreload`),
    ...hints.styles.map((p) => `<${p}>; rel=preload; as=style; crossorigin=anonymous`),
    ...[firstPaintEndpoints.currentUser, firstPaintEndpoints.sidebarLists].map(
      (e) => `<${REST_BASE}${e.path}>; rel=preload; as=fetch; crossorigin=anonymous`,
    ),
  ].join(', ');
  const cookie = sessionCookieName(config);
  return (req) =>
    req.headers['sec-fetch-mode'] === 'navigate' && readCookie(req, cookie) ? header : undefined;
}
