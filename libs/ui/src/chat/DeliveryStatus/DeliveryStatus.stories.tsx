import { Group } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { DeliveryStatus } from './DeliveryStatus';

const meta = {
  title: 'UI/Chat/DeliveryStatus',
  component: DeliveryStatus,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: { state: 'stored', onRetry: fn() },
} satisfies Meta<typeof DeliveryStatus>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Catalog: Story = {
  render: (args) => (
    <Group gap="xl">
      <DeliveryStatus {...args} state="queued" />
      <DeliveryStatus {...args} state="sending" />
      <DeliveryStatus {...args} state="stored" />
      <DeliveryStatus {...args} state="received" />
      <DeliveryStatus {...args} state="displayed" />
      <DeliveryStatus {...args} state="failed" />
    </Group>
  ),
};
export const Failed: Story = { args: { state: 'failed' } };
