import type { Meta, StoryObj } from '@storybook/react-vite';
import { placeholderReport, seededRandom } from '@pando/domain';
import { expect, within } from 'storybook/test';
import { HourlyBars, RolePie, TimeSeriesChart } from './ReportCharts';

const days = Array.from({ length: 30 }, (_, i) => `2026-01-${String(i + 1).padStart(2, '0')}`);
const sample = placeholderReport(seededRandom(7), days);

const meta = {
  title: 'UI/Admin/ReportCharts',
  component: TimeSeriesChart,
  tags: ['autodocs'],
  args: { title: 'Active users per day', points: sample.activeUsers.daily },
} satisfies Meta<typeof TimeSeriesChart>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A daily series over 30 days; its figures are read from a hidden table. */
export const DailySeries: Story = {
  play: async ({ canvasElement }) => {
    const figure = within(canvasElement).getByRole('figure', { name: 'Active users per day' });
    await expect(within(figure).getAllByRole('row')).toHaveLength(31);
    await expect(figure.querySelector('svg')).not.toBeNull();
  },
};

/** Spec 02 §2: average users per hour, 24 bars for hours 0 to 23. */
export const Hourly: Story = {
  render: () => <HourlyBars points={sample.hourly} />,
  play: async ({ canvasElement }) => {
    const figure = within(canvasElement).getByRole('figure', { name: 'Average users per hour' });
    await expect(within(figure).getAllByRole('rowheader')).toHaveLength(24);
  },
};

/** Spec 02 §2: the 9 sample roles. */
export const UsersByRole: Story = {
  render: () => <RolePie title="Users by role" slices={sample.usersByRole} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/^Consultant:/)).toBeVisible();
  },
};

export const EmptyPie: Story = {
  render: () => <RolePie title="Message volume by role" slices={[]} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No data for this period.')).toBeVisible();
  },
};

/** A role name far longer than the legend's column wraps. */
export const LongRoleName: Story = {
  render: () => (
    <RolePie
      title="Users by role"
      slices={[
        { role: 'Consultant in Paediatric Cardiothoracic Intensive Care Medicine', count: 4 },
        { role: 'Unknown', count: 1 },
      ]}
    />
  ),
};
