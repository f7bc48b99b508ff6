import { SimpleGrid } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { StatCard } from './StatCard';

const meta = {
  title: 'UI/Admin/StatCard',
  component: StatCard,
  tags: ['autodocs'],
  args: { label: 'Active users', value: 1234, delta: 12.345 },
} satisfies Meta<typeof StatCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Spec 02 §2: deltas show as a percent with one decimal. */
export const Rising: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('+12.3%')).toBeVisible();
    await expect(canvas.getByText('1,234')).toBeVisible();
  },
};
export const Falling: Story = {
  args: { delta: -3 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('-3.0%')).toBeVisible();
  },
};
/** No previous figure: no percentage. */
export const NoPrevious: Story = { args: { delta: null } };
export const WithoutDelta: Story = { args: { label: 'Teams', value: 42, delta: undefined } };
/** Pagers and resolved ask-advice are disabled on the report. */
export const Disabled: Story = {
  args: { label: 'Pagers', value: null, disabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Not available')).toBeVisible();
  },
};
export const Grid: Story = {
  render: () => (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
      <StatCard label="Active users" value={312} delta={4.2} />
      <StatCard label="Messages sent" value={18_204} delta={-1.5} />
      <StatCard label="Sessions" value={2_041} delta={0} />
      <StatCard label="Resolved ask-advice conversations" value={null} disabled />
    </SimpleGrid>
  ),
};
