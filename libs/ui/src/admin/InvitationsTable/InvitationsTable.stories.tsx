import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { invites } from '../adminFixtures';
import { InvitationsTable } from './InvitationsTable';

const meta = {
  title: 'UI/Admin/InvitationsTable',
  component: InvitationsTable,
  tags: ['autodocs'],
  args: {
    invites,
    selectedIds: [],
    onSelectionChange: fn(),
    sort: { column: 'sent_at', descending: true },
    onSortChange: fn(),
    hasMore: false,
    onLoadMore: fn(),
  },
} satisfies Meta<typeof InvitationsTable>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Spec 02 §2: Email, Approved By, Invitation sent; newest first. */
export const Pending: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const headers = canvas.getAllByRole('columnheader').map((h) => h.textContent);
    await expect(headers.slice(1)).toEqual(['Email', 'Approved By', 'Invitation sent']);
    await expect(canvas.getByRole('columnheader', { name: /Invitation sent/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await userEvent.click(
      canvas.getByRole('checkbox', { name: 'Select new.starter2@example.org' }),
    );
    await expect(args.onSelectionChange).toHaveBeenCalledWith([2]);
  },
};
export const Empty: Story = { args: { invites: [] } };
export const PhoneWidth: Story = {
  decorators: [(Story) => <div style={{ width: 340 }}>{Story()}</div>],
};
