import type { Meta, StoryObj } from '@storybook/react-vite';
import { placeholderReport, seededRandom, TEXTS } from '@pando/domain';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AdminReport, type ReportFigures } from './AdminReport';

const days = Array.from({ length: 30 }, (_, i) => `2026-01-${String(i + 1).padStart(2, '0')}`);
const raw = placeholderReport(seededRandom(3), days);
const figures: ReportFigures = {
  ...raw,
  activeUsers: { ...raw.activeUsers, delta: 12.34 },
  messages: { ...raw.messages, delta: -4 },
  sessions: { ...raw.sessions, delta: null },
};

const meta = {
  title: 'UI/Admin/AdminReport',
  component: AdminReport,
  tags: ['autodocs'],
  args: {
    scopeName: 'Demo Health Network',
    endDate: '30/01/2026',
    figures,
    noData: true,
    onNoDataChange: fn(),
    onPrint: fn(),
  },
} satisfies Meta<typeof AdminReport>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Spec 02 §2: the title, the subtitle, deltas with one decimal, the two disabled counts, Print report. */
export const RealFigures: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Demo Health Network' })).toBeVisible();
    await expect(canvas.getByText('30 day report, ending 30/01/2026')).toBeVisible();
    await expect(canvas.getByText('+12.3%')).toBeVisible();
    await expect(canvas.getAllByText('Not available')).toHaveLength(2);
    await expect(canvas.getByRole('figure', { name: 'Average users per hour' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Print report' }));
    await expect(args.onPrint).toHaveBeenCalledOnce();
    await userEvent.click(canvas.getByRole('switch', { name: /No data/ }));
    await expect(args.onNoDataChange).toHaveBeenCalledWith(false);
  },
};

/** No-data switch off: random placeholder figures, labelled as such. */
export const Placeholder: Story = {
  args: { noData: false },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText('Placeholder figures, not real data'),
    ).toBeVisible();
  },
};

export const Loading: Story = {
  args: { figures: null, loading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading');
  },
};

/** Spec 02 §6: a 403 on report calls. */
export const Forbidden: Story = {
  args: { figures: null, error: TEXTS.forbidden },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'You are not allowed to perform that action.',
    );
  },
};

/** The hospital's name when the viewer is an organisation admin; long names wrap. */
export const LongHospitalName: Story = {
  args: {
    scopeName: 'St Elsewhere General Hospital and Community Health Services NHS Foundation Trust',
  },
};
