import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../pom/axe';
import { LoginPage } from '../pom/LoginPage';

test.describe('login page (the first real slice)', () => {
  test('shows the email step, served by our server with a strict CSP', async ({ page }) => {
    const login = new LoginPage(page);
    const response = await page.request.get('/login');
    const csp = response.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers()['x-content-type-options']).toBe('nosniff');

    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
        violations.push(message.text());
      }
    });
    await login.goto();
    await expect(login.email).toBeVisible();
    await expect(login.requestCode).toBeDisabled();
    await login.email.fill('alice@example.org');
    await expect(login.requestCode).toBeEnabled();
    expect(violations).toEqual([]);
  });

  test('axe finds no serious or critical violation on /login', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await expect(login.email).toBeVisible();
    await expectNoSeriousAxeViolations(page, '/login');
  });

  test('a deep link falls back to the app (history fallback), /api 404s stay JSON', async ({
    page,
  }) => {
    const deep = await page.request.get('/teams/42', { headers: { accept: 'text/html' } });
    expect(deep.status()).toBe(200);
    expect(await deep.text()).toContain('<div id="root">');
    const api = await page.request.get('/api/v4/does-not-exist');
    expect(api.status()).toBe(404);
    expect(api.headers()['content-type']).toContain('application/json');
  });
});
