import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { sidebarSections } from '../../testing/sidebarFixtures';
import { BootShell } from './BootShell';

const clinician = { access_level: 'user', features: {}, premium_features: { patient_cards: true } };

/**
 * The chat list's first paint on a returning visit (issue 37): the shell's frame and the chat
 * list from the offline copy while the app loads. Switch the viewport to Phone: the list alone.
 */
const meta = {
  title: 'UI/Shell/BootShell',
  component: BootShell,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    productName: 'Pando',
    firstName: 'Alice',
    viewer: clinician,
    sections: sidebarSections(),
    freshness: 'Updating…',
    onNavigate: fn(),
  },
} satisfies Meta<typeof BootShell>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A row works before the app is there: the app opens where it points. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Updating…')).toBeVisible();
    const list = canvas.getByRole('navigation', { name: 'Conversations' });
    const row = within(list).getAllByRole('link')[0];
    if (!row) throw new Error('The chat list has no rows.');
    await userEvent.click(row);
    await expect(args.onNavigate).toHaveBeenCalledWith(row.getAttribute('href'));
  },
};

/** With the network gone, the line says how old the list is. */
export const Offline: Story = {
  args: { freshness: 'Offline — last updated 10:42' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Offline — last updated 10:42')).toBeVisible();
  },
};

/**
 * A phone: the header has the app's burger (nothing moves when the app takes over); it opens the
 * main menu, and a choice there works at once and closes it.
 */
export const PhoneMenu: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('navigation', { name: 'Conversations' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Open menu' }));
    const menu = await canvas.findByRole('navigation', { name: 'Main menu' });
    await expect(menu).toBeVisible();
    const entry = within(menu).getAllByRole('link')[1];
    if (!entry) throw new Error('The main menu has one entry or none.');
    await userEvent.click(entry);
    await expect(args.onNavigate).toHaveBeenCalledWith(entry.getAttribute('href'));
    await expect(canvas.getByRole('button', { name: 'Open menu' })).toBeVisible();
  },
};

/**
 * A phone, the menu open from the start: the second rendering the web app keeps for its static
 * first paint (issue 37), which its menu button swaps in before React has loaded.
 */
export const PhoneMenuOpen: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  args: { defaultMenuOpened: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Close menu' }));
    await expect(canvas.getByRole('button', { name: 'Open menu' })).toBeVisible();
  },
};
