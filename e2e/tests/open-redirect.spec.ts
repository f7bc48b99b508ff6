import { expect, test } from '@playwright/test';
import { LoginPage } from '../pom/LoginPage';

/**
 * Issue 14, finding 11: `safeRedirect` accepted `/\t/evil.example`, which the browser's URL parser
 * turns into `//evil.example`, another site. Logging in from a link carrying it must land in the
 * app, never elsewhere.
 */
test.describe('the login redirect stays on our site', () => {
  for (const sneaky of ['/\t/evil.example', '/\n/evil.example', '/ /evil.example']) {
    test(`redirect=${JSON.stringify(sneaky)} lands on the app`, async ({ page, baseURL }) => {
      const requested: string[] = [];
      page.on('request', (request) => {
        requested.push(new URL(request.url()).host);
      });
      const login = new LoginPage(page);
      await login.goto(`?redirect=${encodeURIComponent(sneaky)}`);
      await login.logInAs('alice@example.org');
      await expect(page).not.toHaveURL(/\/(login|validate)/);
      expect(new URL(page.url()).host).toBe(new URL(baseURL ?? '').host);
      expect(requested.filter((host) => host.includes('evil.example'))).toEqual([]);
    });
  }
});
