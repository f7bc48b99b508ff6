import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Issue 10 "axe on every screen": no serious or critical violation. */
export async function expectNoSeriousAxeViolations(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${screen} — ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    );
  expect(serious).toEqual([]);
}
