import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { LONG_NAME, XSS_IMG } from '../../testing/fixtures';
import { adminUserRows } from '../adminFixtures';
import { UsersTable } from './UsersTable';

const meta = {
  title: 'UI/Admin/UsersTable',
  component: UsersTable,
  tags: ['autodocs'],
  args: {
    users: adminUserRows(10),
    selectedIds: [],
    onSelectionChange: fn(),
    sort: { column: 'name', descending: false },
    onSortChange: fn(),
    onOpenUser: fn(),
    hasMore: true,
    onLoadMore: fn(),
  },
} satisfies Meta<typeof UsersTable>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Spec 02 §2: Name (a link to the detail), Role, Speciality, Email, Join Date; sort by name. */
export const FirstPage: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table', { name: 'Users' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    await expect(headers.slice(1)).toEqual(['Name', 'Role', 'Speciality', 'Email', 'Join Date']);
    const link = canvas.getByRole('link', { name: 'Alice Anderson' });
    await expect(link).toHaveAttribute('href', '/manage/users/1');
    await userEvent.click(link);
    await expect(args.onOpenUser).toHaveBeenCalledWith('/manage/users/1');
    await userEvent.click(canvas.getByRole('button', { name: 'Name' }));
    await expect(args.onSortChange).toHaveBeenCalledWith({ column: 'name', descending: true });
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select Bob Brown' }));
    await expect(args.onSelectionChange).toHaveBeenCalledWith([2]);
  },
};

/** Infinite loading: the next page loads when "Load more" scrolls into view or is pressed. */
export const LoadsMore: Story = {
  args: { users: adminUserRows(3) },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Load more' }));
    await expect(args.onLoadMore).toHaveBeenCalled();
  },
};

export const Selected: Story = { args: { selectedIds: [1, 3], hasMore: false } };
export const Loading: Story = { args: { users: [], loading: true, hasMore: false } };
export const Empty: Story = {
  args: { users: [], hasMore: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No users match.')).toBeVisible();
  },
};
export const Failed: Story = {
  args: {
    users: [],
    error: 'There was an error on the server. The engineering team has been notified.',
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('error on the server');
  },
};

/** Hostile and long names stay text and wrap. */
export const HostileAndLongNames: Story = {
  args: {
    hasMore: false,
    users: adminUserRows(2).map((u, i) => ({
      ...u,
      first_name: i ? XSS_IMG : LONG_NAME,
      last_name: 'X',
    })),
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('td img')).toBeNull();
  },
};

/**
 * In a narrow box on a wider screen (a tablet beside the menu) the table scrolls sideways inside
 * its own box, the page does not. On a phone itself the rows are cards (`AdminTable` PhoneCards).
 */
export const PhoneWidth: Story = {
  decorators: [(Story) => <div style={{ width: 360 }}>{Story()}</div>],
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'Users table' });
    await expect(region.scrollWidth).toBeGreaterThan(region.clientWidth);
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth + 1);
  },
};
