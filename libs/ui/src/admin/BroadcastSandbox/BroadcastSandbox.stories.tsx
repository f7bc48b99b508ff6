import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { BroadcastSandbox } from './BroadcastSandbox';

const meta = {
  title: 'UI/Admin/BroadcastSandbox',
  component: BroadcastSandbox,
  tags: ['autodocs'],
  args: { supportEmail: 'support@example.org' },
} satisfies Meta<typeof BroadcastSandbox>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Everything is disabled; the banner says to email support. */
export const Sandbox: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeDisabled();
    await expect(canvas.getByRole('textbox', { name: 'Title' })).toBeDisabled();
    await expect(canvas.getByText(/please email support/)).toBeVisible();
  },
};
