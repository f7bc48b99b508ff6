import { Group } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { StatusIndicator } from './StatusIndicator';

const meta = {
  title: 'UI/Common/StatusIndicator',
  component: StatusIndicator,
  tags: ['autodocs'],
  args: { status: 'AVAILABLE', withLabel: true },
} satisfies Meta<typeof StatusIndicator>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Available: Story = {};
export const Unavailable: Story = { args: { status: 'UNAVAILABLE' } };
export const Unknown: Story = { args: { status: 'UNKNOWN' } };
/** The three availabilities side by side, with and without their label. */
export const Catalog: Story = {
  render: () => (
    <Group p="md">
      <StatusIndicator status="AVAILABLE" withLabel />
      <StatusIndicator status="UNAVAILABLE" withLabel />
      <StatusIndicator status="UNKNOWN" withLabel />
      <StatusIndicator status="AVAILABLE" />
      <StatusIndicator status="UNAVAILABLE" />
    </Group>
  ),
};
