import { expect, screen, userEvent, waitFor, within } from 'storybook/test';

/**
 * Play-function helpers for the Screens stories, which the story tests also render on a phone and
 * a tablet (vitest.config.ts, issue 17). What is beside the content on a desktop sits behind a
 * button there (the layout rules: `LAYOUT` in @pando/ui): these reach it the way a person would.
 */

/**
 * The right-hand panel named `name` (a `complementary` landmark): beside the conversation on a
 * desktop, else opened from the conversation header's "Show …" button into its drawer.
 * `close()` closes the drawer again (nothing to do on a desktop).
 */
export async function showPanel(
  canvasElement: HTMLElement,
  name: string,
  opener: RegExp = /^Show /,
): Promise<{ panel: HTMLElement; close: () => Promise<void> }> {
  const canvas = within(canvasElement);
  const { inline, button } = await waitFor(
    () => {
      const inline = canvas.queryByRole('complementary', { name });
      const button = canvas.queryByRole('button', { name: opener });
      if (!inline && !button) throw new Error(`neither the ${name} panel nor a button opening it`);
      return { inline, button };
    },
    { timeout: 10_000 },
  );
  if (inline) return { panel: inline, close: () => Promise.resolve() };
  if (!button) throw new Error('unreachable');
  await userEvent.click(button);
  const drawer = await screen.findByRole('dialog', { name: /./ });
  const panel = await within(drawer).findByRole('complementary', { name });
  // The drawer slides in: wait for the end of its transition.
  await waitFor(() => expect(panel).toBeVisible());
  return {
    panel,
    close: async () => {
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    },
  };
}

/** Opens the main menu from the header's burger where it is not beside the page. */
export async function showMainMenu(canvasElement: HTMLElement): Promise<void> {
  const canvas = within(canvasElement);
  const burger = canvas.queryByRole('button', { name: 'Open menu' });
  if (burger) await userEvent.click(burger);
  await waitFor(() => expect(canvas.getByRole('navigation', { name: 'Main menu' })).toBeVisible());
}

/**
 * Runs the composer's attachment `name` ("Select a form", "Share a patient card"…): its icon
 * button on a desktop, else the item of the composer's "Attachments" menu (phones and tablets).
 */
export async function chooseComposerAction(
  canvasElement: HTMLElement,
  name: string,
): Promise<void> {
  const canvas = within(canvasElement);
  const { button, menu } = await waitFor(
    () => {
      const button = canvas.queryByRole('button', { name });
      const menu = canvas.queryByRole('button', { name: 'Attachments' });
      if (!button && !menu) throw new Error(`neither "${name}" nor the Attachments menu`);
      return { button, menu };
    },
    { timeout: 10_000 },
  );
  if (button) {
    await userEvent.click(button);
    return;
  }
  if (!menu) throw new Error('unreachable');
  await userEvent.click(menu);
  const item = await screen.findByRole('menuitem', { name });
  await waitFor(() => expect(item).toBeVisible());
  await userEvent.click(item);
}
