import fs from 'node:fs';
import path from 'node:path';
import {
  FIRST_PAINT_HINTS_FILE,
  firstPaintEndpoints,
  firstPaintUserPath,
  START_PAGE_REQUEST_HEADER,
  type FirstPaintHints,
} from '@pando/domain';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { readCookie, sessionCookieName } from '../auth/cookies.js';
import { REST_BASE } from './endpoint.js';

const isPaths = (v: unknown): v is string[] =>
  Array.isArray(v) &&
  v.every((p) => typeof p === 'string' && /^\/assets\/[\w-][\w.-]*\.(?:js|css)$/.test(p));

/** A `Link` preload of one of the API's GETs, as the first paint's `fetch` asks for it. */
const answerPreload = (sitePath: string) =>
  `<${REST_BASE}${sitePath}>; rel=preload; as=fetch; crossorigin=anonymous`;
const modulePreload = (p: string) => `<${p}>; rel=modulepreload`;

/**
 * The `Link` header of the page at `/` (issue 37): what the chat list's first paint will ask for,
 * hinted with the page so the browser fetches it beside the entry script instead of after the
 * entry has run.
 *
 * - A signed-in navigation (a first visit, or any visit without the service worker): the first
 *   paint's own chunks and stylesheet (the web build's `first-paint-hints.json`) and its two
 *   answers, who is signed in and the sidebar's lists, which the first paint then reads from the
 *   browser's preload cache (the same URL, mode and credentials as its `fetch`). Only when the
 *   request carries a session cookie (not checked here: the HTML path stays free of database
 *   work; an expired one gets two 401s, as the app's own first requests would) and is the
 *   browser's navigation (`Sec-Fetch-Mode: navigate`).
 * - The copy of `/` the service worker saves when it installs (its request carries
 *   `START_PAGE_REQUEST_HEADER`; apps/web public/sw-routes.js), which answers every later visit
 *   to `/` in Chromium (the worker's static route), whoever is signed in then: the first paint's
 *   own chunk (not React's half: a returning visit paints from the kept rendering) and the
 *   session's offline key, which a new tab must fetch before it can open the copy (its
 *   sessionStorage holds none). Without the hint the key was asked for only once the entry and
 *   that chunk had run (bench/RESULTS.md, session 30). Chromium applies a page's `Link` header
 *   when the page comes from a worker's cache (checked in e2e pwa.spec). Decisions: not
 *   the two answers (the kept rendering needs neither); signed out, the key's preload is
 *   refused (401), as the first paint's own request for it would be. A reload in a tab that
 *   already holds the key does not read the preloaded answer (the tab's key opens the copy at
 *   once; the app's confirmation of the session is a request of its own, with the app's
 *   headers): one small request unused, and Chromium's "preloaded but not used" console
 *   warning. Accepted: a new tab or a reopened app, the case this is for, is the common one.
 *
 * Without the build's file (an older build, a test server without the web app) no header is
 * sent.
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
  if (!isPaths(hints.scripts) || !isPaths(hints.styles) || !isPaths(hints.returning))
    return undefined;
  const navigation = [
    ...hints.scripts.map(modulePreload),
    ...hints.styles.map((p) => `<${p}>; rel=preload; as=style; crossorigin=anonymous`),
    answerPreload(firstPaintUserPath),
    answerPreload(firstPaintEndpoints.sidebarLists.path),
  ].join(', ');
  const startPage = [
    ...hints.returning.map(modulePreload),
    answerPreload(firstPaintEndpoints.offlineKey.path),
  ].join(', ');
  const cookie = sessionCookieName(config);
  return (req) => {
    if (req.headers[START_PAGE_REQUEST_HEADER] !== undefined) return startPage;
    return req.headers['sec-fetch-mode'] === 'navigate' && readCookie(req, cookie)
      ? navigation
      : undefined;
  };
}
