import { expect, type Locator, type Page } from '@playwright/test';

/** Page object for the admin console (/manage/*, spec 02 §2). */
export class AdminConsole {
  constructor(readonly page: Page) {}

  async open(path = '/manage'): Promise<void> {
    await this.page.goto(path);
  }

  get nav(): Locator {
    return this.page.getByRole('navigation', { name: 'Management' });
  }

  table(name: string): Locator {
    return this.page.getByRole('table', { name });
  }

  button(name: string | RegExp): Locator {
    return this.page.getByRole('button', { name });
  }

  /** Selects the row whose checkbox is labelled with `label` (a name or an email). */
  async select(label: string): Promise<void> {
    await this.page.getByRole('checkbox', { name: `Select ${label}`, exact: true }).check();
  }

  /** Types into the throttled users search and waits for the table to show `expected`. */
  async searchUsers(text: string, expected: string | RegExp): Promise<void> {
    await this.page.getByRole('searchbox', { name: 'Search users' }).fill(text);
    await expect(this.table('Users')).toContainText(expected);
  }

  /** The stat card labelled `label` (its figure and delta). */
  statCard(label: string): Locator {
    return this.page.locator('.pando-stat-card').filter({ hasText: label }).first();
  }
}

/** The JSON of an API answer read in the admin's own session (cookie), failing loudly otherwise. */
export async function apiJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.status(), `${path} answered ${String(response.status())}`).toBe(200);
  return (await response.json()) as T;
}
