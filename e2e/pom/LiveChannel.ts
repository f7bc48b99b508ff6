import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { LoginPage } from './LoginPage';

/**
 * A window's live channel (the chat WebSocket, /xmpp) passed through Playwright, so a test can
 * hold back what the server pushes to that window: `freeze()` keeps the window on the copy it
 * has (a stale window, as on a slow network or a laptop waking up), `thaw()` delivers what was
 * held, in order. What the window sends always goes through.
 */
export class LiveChannel {
  private frozen = false;
  private held: (() => void)[] = [];

  private constructor() {}

  /** Routes every chat socket of `context`; call before the context opens a page. */
  static async of(context: BrowserContext): Promise<LiveChannel> {
    const channel = new LiveChannel();
    await context.routeWebSocket(/\/xmpp/, (socket) => {
      const server = socket.connectToServer();
      socket.onMessage((message) => {
        server.send(message);
      });
      server.onMessage((message) => {
        if (channel.frozen)
          channel.held.push(() => {
            socket.send(message);
          });
        else socket.send(message);
      });
    });
    return channel;
  }

  freeze(): void {
    this.frozen = true;
  }

  thaw(): void {
    this.frozen = false;
    const held = this.held;
    this.held = [];
    for (const deliver of held) deliver();
  }
}

/** A person logged in (dev mailbox) in their own context whose live channel a test can hold. */
export async function personWithChannel(
  browser: Browser,
  email: string,
): Promise<{ page: Page; channel: LiveChannel }> {
  const context = await browser.newContext();
  const channel = await LiveChannel.of(context);
  const page = await context.newPage();
  const login = new LoginPage(page);
  await login.goto();
  await login.logInAs(email);
  await expect(page.getByRole('banner')).toBeVisible({ timeout: 30_000 });
  return { page, channel };
}
