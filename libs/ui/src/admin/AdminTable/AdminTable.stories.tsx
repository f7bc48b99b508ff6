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

/**
 * On a phone each row is a card of "column: value" lines: every column in view at first sight,
 * the headers above as a wrapping row (sorting and "Select all rows" stay reachable).
 */
export const PhoneCards: Story = {
  args: { selectedIds: [], onSelectionChange: fn(), getRowLabel: (p: PagerRow) => p.name },
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = canvas.getByRole('region', { name: 'Pagers table' });
    await expect(region.scrollWidth).toBeLessThanOrEqual(region.clientWidth);
    const cell = region.querySelector('tbody td[data-label="Pager id"]');
    if (!cell) throw new Error('no pager id cell');
    await expect(getComputedStyle(cell, '::before').content).toBe('"Pager id"');
    await expect(canvas.getByRole('checkbox', { name: 'Select all rows' })).toBeVisible();
  },
};
