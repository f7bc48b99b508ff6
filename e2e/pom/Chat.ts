import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { LoginPage } from './LoginPage';

/** A person logged in through the dev mailbox in their own browser context. */
export async function loggedIn(
  browser: Browser,
  email: string,
  redirect = '/',
  baseURL?: string,
): Promise<Page> {
  const page = await (await browser.newContext(baseURL ? { baseURL } : {})).newPage();
  const login = new LoginPage(page);
  await login.goto(`?redirect=${encodeURIComponent(redirect)}`);
  await login.logInAs(email);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  return page;
}

/** Page object for an open conversation pane (spec 01 §4 "Chat"). */
export class ChatPane {
  readonly messages: Locator;
  readonly composer: Locator;
  readonly conversations: Locator;

  constructor(readonly page: Page) {
    this.messages = page.getByRole('log', { name: 'Messages' });
    this.composer = page.getByRole('textbox', { name: 'Message' });
    this.conversations = page.getByRole('navigation', { name: 'Conversations' });
  }

  /** Types a message and sends it with Enter, as a person would. */
  async send(text: string): Promise<void> {
    await this.composer.fill(text);
    await this.composer.press('Enter');
    await expect(this.messages.getByText(text, { exact: true })).toBeVisible();
  }

  /** The bubble that holds `text`. */
  bubble(text: string): Locator {
    return this.messages.locator('[data-message-id]').filter({ hasText: text });
  }

  sidebarRow(name: string | RegExp): Locator {
    return this.conversations.getByRole('link', { name });
  }

  /** The unread badge's count on a sidebar row (0 without a badge). */
  async unreadOf(row: Locator): Promise<number> {
    const badge = row.locator('.mantine-Badge-root');
    if ((await badge.count()) === 0) return 0;
    return Number(/\d+/.exec((await badge.first().textContent()) ?? '')?.[0] ?? 0);
  }
}
