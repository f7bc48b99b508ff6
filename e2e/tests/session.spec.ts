import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../pom/axe';
import { LoginPage } from '../pom/LoginPage';
import { Shell } from '../pom/Shell';

test.describe('session: login, shell, logout (spec 01 §2, §4, §8)', () => {
  test('unauthenticated visitors go to /login with msg=unauthorised and the redirect target', async ({
    page,
  }) => {
    await page.goto('/teams/create');
    await expect(page).toHaveURL(/\/login\?msg=unauthorised&redirect=%2Fteams%2Fcreate$/);
    await expect(page.getByText('Please log in to continue.')).toBeVisible();
  });

  test('alice logs in through the dev mailbox and lands on the redirect target ~100 ms later', async ({
    page,
  }) => {
    await page.goto('/search');
    await expect(page).toHaveURL(/msg=unauthorised/);
    const login = new LoginPage(page);
    await login.logInAs('alice@example.org');
    await expect(page).toHaveURL(/\/search$/);
    const shell = new Shell(page);
    await expect(shell.userName('Alice')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Search' })).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'search');
  });

  test('a wrong code shows "Invalid code" and keeps the visitor on the code step', async ({
    page,
  }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.email.fill('bob@example.org');
    await login.requestCode.click();
    await expect(page.getByText('Email sent to bob@example.org')).toBeVisible();
    await login.code.fill('ZZZ-999');
    await expect(page.getByText('Invalid code')).toBeVisible();
    await expect(login.code).toBeVisible();
  });

  test('/validate opens at the code step', async ({ page }) => {
    await page.goto('/validate');
    await expect(new LoginPage(page).code).toBeVisible();
  });

  test('logout asks for confirmation, then the login page says "You\'ve been logged out."', async ({
    page,
  }) => {
    await new LoginPage(page).goto();
    await new LoginPage(page).logInAs('bob@example.org');
    const shell = new Shell(page);
    await expect(shell.logoutButton).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'shell');
    await shell.logoutButton.click();
    const dialog = page.getByRole('dialog', { name: 'Log out' });
    await expect(dialog.getByText(/Are you sure you want to log out/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await shell.logOut();
    await expect(page).toHaveURL(/\/login\?msg=logged-out/);
    await expect(page.getByText("You've been logged out.")).toBeVisible();
    // The session is gone on the server too: the app sends the visitor back to login.
    await page.goto('/');
    await expect(page).toHaveURL(/\/login\?msg=unauthorised/);
  });

  test('/patients (the patient list) and /manage open inside the shell; the header search hides there', async ({
    page,
  }) => {
    await new LoginPage(page).goto('?redirect=%2Fpatients');
    await new LoginPage(page).logInAs('alice@example.org');
    await expect(page).toHaveURL(/\/patients$/);
    await expect(page.getByRole('heading', { name: 'Patient list' })).toBeVisible();
    const shell = new Shell(page);
    await expect(shell.search).toBeHidden();
    // alice is a USER: the console answers with its No access page, still inside the shell.
    await page.goto('/manage/users');
    await expect(
      page.getByText("You don't have access to the management console for this organisation."),
    ).toBeVisible();
  });
});
