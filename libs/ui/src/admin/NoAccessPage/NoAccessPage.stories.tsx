import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { NoAccessPage } from './NoAccessPage';

const meta = {
  title: 'UI/Admin/NoAccessPage',
  component: NoAccessPage,
  tags: ['autodocs'],
  args: { onBack: fn() },
} satisfies Meta<typeof NoAccessPage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const NoAccess: Story = {
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText(
        "You don't have access to the management console for this organisation.",
      ),
    ).toBeVisible();
  },
};
export const WithoutBack: Story = { args: { onBack: undefined } };
