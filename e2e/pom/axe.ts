import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Waits until no CSS transition is running: axe measures colour contrast from the
 * computed colours, and a dialog fading in (Mantine's modal transition) is half transparent, so a
 * check during the fade reports contrast failures a person never sees once it has appeared.
 */
async function settle(page: Page): Promise<void> {
  // Checked on every frame, and only settled after a few quiet frames in a row: a dialog that
  // has just been opened can start its transition a frame later (Mantine's transitions mount
  // with the hidden styles first), and a single check in between may pass while it is still
  // transparent (a contrast failure on "Delete users?" in a CI run, session 33).
  await page.evaluate(() => {
    (window as unknown as { __pandoQuietFrames?: number }).__pandoQuietFrames = 0;
  });
  await page.waitForFunction(
    () => {
      const running = document
        .getAnimations()
        // Transitions end; keyframe animations such as a loading spinner may run forever.
        .some(
          (animation) => animation instanceof CSSTransition && animation.playState === 'running',
        );
      const w = window as unknown as { __pandoQuietFrames?: number };
      w.__pandoQuietFrames = running ? 0 : (w.__pandoQuietFrames ?? 0) + 1;
      return w.__pandoQuietFrames >= 3;
    },
    undefined,
    { polling: 'raf' },
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
