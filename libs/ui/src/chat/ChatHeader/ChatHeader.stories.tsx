import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { LONG_NAME, RTL_NAME } from '../../testing/fixtures';
import { ChatHeader } from './ChatHeader';

const meta = {
  title: 'UI/Chat/ChatHeader',
  component: ChatHeader,
  tags: ['autodocs'],
  args: {
    name: 'Bob Okafor',
    kind: 'direct',
    lastActive: 'today at 09:42',
    onScrollToBottom: fn(),
    onMarkRead: fn(),
    onOpenDetails: fn(),
  },
} satisfies Meta<typeof ChatHeader>;

export default meta;
type Story = StoryObj<typeof meta>;

export const DirectMessage: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Mark as read' }));
    await expect(args.onMarkRead).toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Scroll to the newest message' }));
    await expect(args.onScrollToBottom).toHaveBeenCalled();
  },
};
export const PrivateTeam: Story = {
  args: {
    name: 'Ward 7 Team',
    kind: 'team',
    teamIcon: 'private',
    lastActive: undefined,
    detail: 'Team · 4 members',
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Team · 4 members')).toBeVisible();
  },
};
/**
 * Nothing unread: "Mark as read" is disabled but flat like its neighbours (a grey background read
 * as a button held down), and "scroll to newest" is a double chevron, not the download arrow.
 */
export const Forum: Story = {
  args: { name: 'Junior Doctors Forum', kind: 'forum', lastActive: undefined, nothingUnread: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const markRead = canvas.getByRole('button', { name: 'Mark as read' });
    await expect(markRead).toBeDisabled();
    const scroll = canvas.getByRole('button', { name: 'Scroll to the newest message' });
    // Same background as the enabled, flat "scroll to newest" beside it: nothing looks pressed.
    await expect(getComputedStyle(markRead).backgroundColor).toBe(
      getComputedStyle(scroll).backgroundColor,
    );
    await expect(scroll.querySelector('svg')).toHaveClass('tabler-icon-chevrons-down');
  },
};
export const LastActiveUnknown: Story = { args: { lastActive: 'Unknown' } };
export const LongName: Story = { args: { name: LONG_NAME } };
export const RightToLeft: Story = { args: { name: RTL_NAME } };
