// The smoke page's checks, for each way a page gets the server: browser.test.ts (a production
// build, vite preview) and browserDev.test.ts (the dev server, as Storybook and vitest's browser
// mode serve it). `start` serves smoke/ and says where; Chromium runs it; the page starts the
// server from the seeded dump (src/embedded/page.ts, as the demo and Storybook do), asks
// for its health, Alice's dev login and her sidebar as the MSW bridge asks, then resets it. Any
// page error, console error or failed load fails it.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import type { Plugin } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TeamsWithAdviceConversationsSchema } from '@pando/domain';
import { DEMO_ACCOUNTS, DEMO_ADVICE, DEMO_TEAMS } from '@pando/domain/demo';
import { MIGRATION_FILE_NAME } from '../src/db/applyMigrations.js';
import type { SmokeAnswer, SmokeReport } from './smoke/main.js';

export const SMOKE_ROOT = path.join(import.meta.dirname, 'smoke');

const MSW_WORKER = createRequire(import.meta.url).resolve('msw/mockServiceWorker.js');

/** MSW's worker script at the page's root, where `worker.start()` looks (dev and build). */
export function mswWorkerFile(): Plugin {
  return {
    name: 'smoke:msw-worker',
    configureServer(server) {
      server.middlewares.use('/mockServiceWorker.js', (_req, res) => {
        res.setHeader('content-type', 'text/javascript');
        res.end(fs.readFileSync(MSW_WORKER));
      });
    },
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'mockServiceWorker.js',
        source: fs.readFileSync(MSW_WORKER, 'utf8'),
      });
    },
  };
}

/** A served smoke page. */
export interface Served {
  url: string;
  close(): Promise<void>;
}

export function describeSmokePage(name: string, start: () => Promise<Served>): void {
  describe(`apps/server in Chromium through serverInBrowser(): ${name}`, () => {
    let served: Served | undefined;
    let browser: Browser | undefined;
    let report: SmokeReport;
    const problems: string[] = [];

    beforeAll(async () => {
      served = await start();
      // As scripts/chromium.mjs (a JavaScript module the server's typecheck cannot read).
      browser = await chromium.launch({
        executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
        args: ['--no-sandbox', '--disable-gpu'],
      });
      const page = await browser.newPage();
      page.on('pageerror', (err) => problems.push(`page error: ${err.stack ?? err.message}`));
      page.on('console', (msg) => {
        if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
      });
      page.on('requestfailed', (req) => problems.push(`failed load: ${req.url()}`));
      page.on('response', (res) => {
        if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.url()}`);
      });
      // Dev mode's first load pre-bundles the dependencies and loads every module one by one:
      // over Playwright's 30 s beside a busy CI step (2026-11-30, load 10), so its own bound.
      await page.goto(served.url, { timeout: 90_000 });
      await page.waitForFunction(() => window.smoke.done, null, { timeout: 120_000 });
      report = await page.evaluate(() => window.smoke);
    }, 240_000);

    afterAll(async () => {
      await browser?.close();
      await served?.close();
    });

    function answer(request: string): SmokeAnswer {
      const a = report.answers[request];
      if (!a) throw new Error(`the page did not get to ${request} (${report.error ?? 'no error'})`);
      return a;
    }

    it('starts without a page error, a console error or a failed load', () => {
      expect(report.error).toBeUndefined();
      expect(problems).toEqual([]);
    });

    it('starts from the seeded dump, made with every committed migration', () => {
      const files = fs
        .readdirSync(path.join(import.meta.dirname, '../migrations'))
        .filter((f) => MIGRATION_FILE_NAME.test(f));
      expect(files.length).toBeGreaterThan(0);
      expect(report.migrations).toBe(files.length);
    });

    it('answers GET /api/v4/health from the database, a Request in as the MSW bridge sends it', () => {
      expect(answer('GET /api/v4/health')).toEqual({
        status: 200,
        body: { status: 'ok', database: 'ok' },
      });
    });

    it('logs Alice in with the code from the dev mailbox (the session cookie)', () => {
      expect(answer('login').body).toMatch(/pando_session=[\w-]{43}$/);
    });

    it("answers Alice's sidebar from the demo seed, in the wire schema the client parses", () => {
      const res = answer('GET /api/v4/teams-with-advices-conversations');
      expect(res.status).toBe(200);
      const body = TeamsWithAdviceConversationsSchema.parse(res.body);
      // The seed's data decides: Alice's teams, the forum among them apart, her open advice.
      const alices = DEMO_TEAMS.filter((t) => t.members.includes(DEMO_ACCOUNTS.alice));
      const isForum = (t: { discoverable: boolean; auto_accept: boolean }) =>
        t.discoverable && t.auto_accept;
      const names = (teams: readonly { name: string }[]) => teams.map((t) => t.name).sort();
      expect(names(body.teams)).toEqual(names(alices.filter((t) => !isForum(t))));
      expect(names(body.forums)).toEqual(names(alices.filter(isForum)));
      expect(body.advice_conversations).toHaveLength(
        DEMO_ADVICE.filter((a) => a.requestor === DEMO_ACCOUNTS.alice && !a.resolved).length,
      );
    });

    it("lists the chat's people and rooms for the chat fake: Alice in each of her teams' rooms", () => {
      const directory = answer('chat directory').body as {
        users: { id: number; uuid: string; first_name: string }[];
        teams: { mim_id: string; user_ids: number[] }[];
        adviceConversations: { mim_id: string; user_ids: number[] }[];
      };
      const alice = directory.users.find((u) => u.first_name === 'Alice');
      expect(alice?.uuid).toMatch(/^[0-9a-f-]{36}$/);
      const alicesTeams = DEMO_TEAMS.filter((t) => t.members.includes(DEMO_ACCOUNTS.alice));
      expect(directory.teams.filter((t) => t.user_ids.includes(alice?.id ?? -1))).toHaveLength(
        alicesTeams.length,
      );
      // Her open advice requests: she is in each room, with the team asked.
      const asked = directory.adviceConversations.filter((a) => a.user_ids[0] === alice?.id);
      expect(asked.length).toBeGreaterThanOrEqual(
        DEMO_ADVICE.filter((a) => a.requestor === DEMO_ACCOUNTS.alice && !a.resolved).length,
      );
      expect(asked.every((a) => a.user_ids.length > 1)).toBe(true);
    });

    it("streams John Jones's image list (GET /images, a Readable.from body in the page)", () => {
      const res = answer('GET /api/v4/images');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ results: expect.any(Array) as unknown[] });
      expect((res.body as { total_count: number }).total_count).toEqual(expect.any(Number));
    });

    it('refuses the sidebar without a session (the access hooks run in the page too)', () => {
      expect(answer('GET /api/v4/teams-with-advices-conversations, no cookie').status).toBe(401);
    });

    it("serves the page's own fetch through MSW's worker: Alice logs in, the session cookie is kept", () => {
      expect(answer('fetch POST /api/v4/auth').status).toBe(200);
      expect(answer('fetch POST /api/v4/auth/validate').status).toBe(200);
      const res = answer('fetch GET /api/v4/teams-with-advices-conversations');
      expect(res.status).toBe(200);
      const alices = DEMO_TEAMS.filter((t) => t.members.includes(DEMO_ACCOUNTS.alice));
      const body = TeamsWithAdviceConversationsSchema.parse(res.body);
      expect([...body.teams, ...body.forums].map((t) => t.name).sort()).toEqual(
        alices.map((t) => t.name).sort(),
      );
    });

    it('forgets the session made before a reset (the held database rolled back in the page)', () => {
      expect(answer('GET /api/v4/teams-with-advices-conversations, after a reset').status).toBe(
        401,
      );
    });
  });
}
