import type { Locator, Page } from '@playwright/test';

/** Page object for /login (twenty's lib/pom pattern): what a person sees and does there. */
export class LoginPage {
  readonly email: Locator;
  readonly requestCode: Locator;

  constructor(private readonly page: Page) {
    this.email = page.getByLabel('Email address');
    this.requestCode = page.getByRole('button', { name: /request code/i });
  }

  async goto(query = ''): Promise<void> {
    await this.page.goto(`/login${query}`);
  }
}
