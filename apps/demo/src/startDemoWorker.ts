import { setupWorker } from 'msw/browser';
import { DEMO_ACCOUNTS, DEMO_ORGS } from '@pando/domain/demo';
import { embeddedApi, startServerInPage, type PageServer } from '@pando/server/page';
import type { DemoFlags } from './demoFlags';
import { mockOnly } from './unhandledFrame';

/**
 * Starts the real server in the page (issue 38: `@pando/server/page`, on a PGlite loaded from the
 * seeded dump the build made) and MSW's worker in front of it, so the app's `/api/*` requests are
 * answered by the server (CONVENTIONS.md "MSW trio": imported dynamically and awaited before the
 * first render). With the dummy admin data on, one member of staff has started a login in the
 * app, so "Generate code" shows a code for them (and the "start login first" state for everyone
 * else); off, the server starts without the made-up admin rows.
 */
export async function startDemoWorker(flags: DemoFlags): Promise<PageServer> {
  const origin = window.location.origin;
  const server = await startServerInPage({ origin, dummyAdminData: flags.dummyAdminData });
  const worker = setupWorker(embeddedApi(server, origin));
  await worker.start({
    // Only the API is the server's alone: navigations (a reload, a deep link) and static files go
    // to the network, or every reload showed MSW's JSON error (unhandledFrame.ts).
    // Returning lets the request through; throwing answers it with a 500 naming it.
    onUnhandledFrame: ({ frame, defaults }) => {
      const request =
        frame.protocol === 'http' ? (frame.data as { request: Request }).request : null;
      if (request && !mockOnly(request.url, origin)) return;
      defaults.error();
      throw new Error(
        `The demo answers nothing for ${request ? `${request.method} ${request.url}` : 'this connection'}.`,
      );
    },
    quiet: true,
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
  });
  if (flags.dummyAdminData) await startOneLogin(server, origin);
  return server;
}

/** The first member of St Elsewhere's staff (not a named demo account, not blocked) asks for a login code. */
async function startOneLogin(server: PageServer, origin: string): Promise<void> {
  const { rows } = await server.app.db.query<{ email: string }>(
    `select u.email from users u join hospitals h on h.id = u.hospital_id
      where h.name = $1 and not u.blocked and not (u.email = any($2::text[]))
      order by u.id limit 1`,
    [DEMO_ORGS.stElsewhere, Object.values(DEMO_ACCOUNTS)],
  );
  const email = rows[0]?.email;
  if (!email) return;
  const res = await server.answer(
    new Request(`${origin}/api/v4/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email }),
    }),
  );
  if (res.status !== 200)
    throw new Error(`The demo's started login for ${email}: ${String(res.status)}`);
}
