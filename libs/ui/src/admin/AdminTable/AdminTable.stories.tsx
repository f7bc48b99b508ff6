import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { pagers } from '../adminFixtures';
import { AdminTable } from './AdminTable';

type PagerRow = (typeof pagers)[number];
/** The generic table, shown with pager rows. */
type PagerTable = typeof AdminTable<PagerRow>;

const meta = {
  title: 'UI/Admin/AdminTable',
  component: AdminTable as PagerTable,
  tags: ['autodocs'],
  args: {
    caption: 'Pagers',
    columns: [
      { key: 'name', header: 'Name', render: (p: PagerRow) => p.name },
      { key: 'mim_id', header: 'Pager id', render: (p: PagerRow) => p.mim_id },
    ],
    rows: pagers,
    getRowId: (p: PagerRow) => p.id,
  },
} satisfies Meta<PagerTable>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Plain: Story = {
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table', { name: 'Pagers' });
    await expect(within(table).getAllByRole('row')).toHaveLength(3);
  },
};

/** "Select all" picks every loaded row, and clears them when all are picked. */
export const SelectAll: Story = {
  args: { selectedIds: [], onSelectionChange: fn(), getRowLabel: (p: PagerRow) => p.name },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('checkbox', { name: 'Select all rows' }));
    await expect(args.onSelectionChange).toHaveBeenCalledWith([1, 2]);
  },
};
