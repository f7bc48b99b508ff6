import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ErrorScreen } from './ErrorScreen';

const meta = {
  title: 'UI/Shell/ErrorScreen',
  component: ErrorScreen,
  tags: ['autodocs'],
} satisfies Meta<typeof ErrorScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Plain: Story = {};
export const WithReload: Story = {
  args: { onReload: fn(), reference: 'ERR-7F3A-2C' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Something went wrong.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Reload' }));
    await expect(args.onReload).toHaveBeenCalled();
  },
};
/** A part of the app could not be downloaded (after a redeploy): a reload brings the new version. */
export const NewVersion: Story = {
  args: { kind: 'newVersion', onReload: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('A new version of Pando is available.')).toBeVisible();
    await expect(canvas.queryByText('Something went wrong.')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Reload' }));
    await expect(args.onReload).toHaveBeenCalled();
  },
};
