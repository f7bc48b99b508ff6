import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { OfflineBanner } from './OfflineBanner';

const meta = {
  title: 'UI/Shell/OfflineBanner',
  component: OfflineBanner,
  tags: ['autodocs'],
} satisfies Meta<typeof OfflineBanner>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Offline: Story = {
  args: { offline: true },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText("You are currently offline, messages can't be sent"),
    ).toBeVisible();
  },
};
export const Online: Story = { args: { offline: false } };
