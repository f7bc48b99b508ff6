import type { Meta, StoryObj } from '@storybook/react-vite';
import { placeholderReport, seededRandom } from '@pando/domain';
import { expect, waitFor, within } from 'storybook/test';
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

/** The day labels of a chart's x axis, as drawn, left to right. */
function dayTicks(canvasElement: HTMLElement) {
  return [...canvasElement.querySelectorAll('.recharts-xAxis-tick-labels text')]
    .map((t) => ({ text: t.textContent, box: t.getBoundingClientRect() }))
    .sort((a, b) => a.box.left - b.box.left);
}

/**
 * Narrow (a phone, or the report on an A4 page): the day labels are evenly spaced from the first
 * day and none touches the next (the last ones overlapped on paper: "24/1125/1127/11").
 */
export const DailySeriesNarrow: Story = {
  decorators: [
    (Story) => (
      <div style={{ width: 320 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(dayTicks(canvasElement).length).toBeGreaterThan(2));
    const ticks = dayTicks(canvasElement);
    await expect(ticks[0]?.text).toBe('01/01');
    const days = ticks.map((t) => Number(t.text.slice(0, 2)));
    const steps = new Set(days.slice(1).map((d, i) => d - (days[i] ?? 0)));
    await expect([...steps]).toHaveLength(1);
    for (let i = 1; i < ticks.length; i++) {
      const before = ticks[i - 1]?.box;
      const after = ticks[i]?.box;
      await expect((after?.left ?? 0) - (before?.right ?? 0)).toBeGreaterThan(2);
    }
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
