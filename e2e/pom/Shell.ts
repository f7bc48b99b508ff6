import type { Locator, Page } from '@playwright/test';

/** Page object for the signed-in shell (spec 01 §2 "Main shell"). */
export class Shell {
  readonly logoutButton: Locator;
  readonly mainMenu: Locator;
  readonly conversations: Locator;
  readonly search: Locator;

  constructor(private readonly page: Page) {
    this.logoutButton = page.getByRole('button', { name: 'Log out' });
    this.mainMenu = page.getByRole('navigation', { name: 'Main menu' });
    this.conversations = page.getByRole('navigation', { name: 'Conversations' });
    this.search = page.getByRole('button', { name: /search users, teams, forums and advice/i });
  }

  userName(name: string): Locator {
    return this.page.getByRole('banner').getByText(name);
  }

  async logOut(): Promise<void> {
    await this.logoutButton.click();
    await this.page
      .getByRole('dialog', { name: 'Log out' })
      .getByRole('button', { name: 'Log out' })
      .click();
  }
}
