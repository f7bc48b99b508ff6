import type { Meta, StoryObj } from '@storybook/react-vite';
import { INVITE_ROW_STATUSES, parseInviteCsv, textsWith } from '@pando/domain';
import { expect, fn, userEvent, within } from 'storybook/test';
import { InviteImportPreview } from './InviteImportPreview';

const parsed = parseInviteCsv(
  [
    'email',
    'name@example.com',
    'new.one@example.org',
    'not-an-email',
    'new.two@example.org',
    'alice@example.org',
  ].join('\n'),
);

const meta = {
  title: 'UI/Admin/InviteImportPreview',
  component: InviteImportPreview,
  tags: ['autodocs'],
  args: {
    rows: parsed,
    fileName: 'starters.csv',
    onFile: fn(),
    onSelectionChange: fn(),
    onSend: fn(),
    onCancel: fn(),
  },
} satisfies Meta<typeof InviteImportPreview>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Before sending: "Not Sent", or "Does not look like a valid email" (not pre-selected). */
export const Preview: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Does not look like a valid email')).toBeVisible();
    await expect(canvas.getAllByText('Not Sent')).toHaveLength(3);
    await expect(canvas.getByRole('checkbox', { name: 'Select not-an-email' })).not.toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }));
    await expect(args.onSend).toHaveBeenCalledOnce();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select alice@example.org' }));
    await expect(args.onSelectionChange).toHaveBeenCalledWith([
      'new.one@example.org',
      'new.two@example.org',
    ]);
  },
};

/** After sending: each row's outcome. */
export const Sent: Story = {
  args: {
    rows: parsed.map((r) => ({
      ...r,
      status:
        r.email === 'alice@example.org'
          ? INVITE_ROW_STATUSES.ALREADY_INVITED
          : r.valid
            ? INVITE_ROW_STATUSES.SENT
            : r.status,
    })),
  },
};

/**
 * On a phone every row is a card: each email and each status badge is whole and in view at first
 * sight, without scrolling the table sideways (the badges were cut at the box's edge before).
 */
export const SentPhone: Story = {
  ...Sent,
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = canvas.getByRole('region', { name: 'Invitations to send table' });
    const box = region.getBoundingClientRect();
    await expect(region.scrollWidth).toBeLessThanOrEqual(region.clientWidth);
    const cells = region.querySelectorAll('tbody td');
    await expect(cells.length).toBeGreaterThan(0);
    for (const cell of cells) {
      const edge = cell.getBoundingClientRect();
      await expect(edge.right).toBeLessThanOrEqual(box.right + 1);
    }
    await expect(canvas.getAllByText('Already invited')[0]).toBeVisible();
  },
};

/** Spec 02 §8: the import stops at FEATURE_NOT_ENABLED. */
export const StoppedFeatureOff: Story = {
  args: {
    rows: parsed.map((r, i) => (i === 0 ? { ...r, status: INVITE_ROW_STATUSES.ERROR } : r)),
    stoppedReason: textsWith.inviteFeatureNotEnabled('new.one@example.org'),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'because the feature is not enabled for this network',
    );
  },
};

export const NoFileYet: Story = {
  args: { rows: [], fileName: null, templateHref: 'data:text/csv,email%0Aname@example.com' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Send' })).toBeDisabled();
  },
};
