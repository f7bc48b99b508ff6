import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { UpdateAvailable } from './UpdateAvailable';

/**
 * The installed app's notice when a new version waits (issue 37). It floats at the top of the
 * page (over the header, never over the message field at the bottom) until the person reloads or
 * hides it.
 */
const meta = {
  title: 'UI/Shell/UpdateAvailable',
  component: UpdateAvailable,
  tags: ['autodocs'],
  args: { open: true, onReload: fn(), onDismiss: fn() },
} satisfies Meta<typeof UpdateAvailable>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Reload is the first stop of the keyboard; Enter on it asks for the new version once. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('A new version is available');
    await expect(canvas.getByRole('region', { name: 'App update' })).toBeVisible();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Reload' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onReload).toHaveBeenCalledTimes(1);
    await expect(args.onDismiss).not.toHaveBeenCalled();
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };

/** Nothing shows while no new version waits; the live region is there to announce one. */
export const NothingWaiting: Story = {
  args: { open: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toBeEmptyDOMElement();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** Without `onDismiss` the notice has no close button. */
export const NotDismissible: Story = {
  args: { onDismiss: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('button')).toHaveLength(1);
  },
};

/**
 * A phone (390 × 844): one line, inside the screen with a margin, its buttons at least 44 px
 * (libs/ui layout.css); the close button hides it.
 */
export const Phone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(window.innerWidth).toBe(390);
    const notice = canvas.getByRole('region', { name: 'App update' }).getBoundingClientRect();
    await expect(notice.left).toBeGreaterThanOrEqual(8);
    await expect(notice.right).toBeLessThanOrEqual(window.innerWidth - 8);
    await expect(notice.height).toBeLessThan(80);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    for (const button of canvas.getAllByRole('button')) {
      await expect(button.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
    }
    await userEvent.click(canvas.getByRole('button', { name: 'Hide this notice' }));
    await expect(args.onDismiss).toHaveBeenCalledTimes(1);
    await expect(args.onReload).not.toHaveBeenCalled();
  },
};
