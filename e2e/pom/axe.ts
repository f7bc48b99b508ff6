import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Waits until no CSS transition is running: axe measures colour contrast from the
 * computed colours, and a dialog fading in (Mantine's modal transition) is half transparent, so a
 * check during the fade reports contrast failures a person never sees once it has appeared.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      // Transitions end; keyframe animations such as a loading spinner may run forever.
      .filter((animation) => animation instanceof CSSTransition)
      .every((animation) => animation.playState !== 'running'),
  );
}

/** Issue 10 "axe on every screen": no serious or critical violation. */
export async function expectNoSeriousAxeViolations(page: Page, screen: string): Promise<void> {
  await settle(page);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${screen} — ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    );
  expect(serious).toEqual([]);
}
