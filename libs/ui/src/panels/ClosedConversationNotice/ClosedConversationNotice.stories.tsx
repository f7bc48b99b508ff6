import type { Meta, StoryObj } from '@storybook/react-vite';
import { TEXTS } from '@pando/domain';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ClosedConversationNotice } from './ClosedConversationNotice';

const meta = {
  title: 'UI/Panels/ClosedConversationNotice',
  component: ClosedConversationNotice,
  tags: ['autodocs'],
  args: { message: TEXTS.adviceClosedTeam },
} satisfies Meta<typeof ClosedConversationNotice>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The advice team's side of a closed conversation: read and export only. */
export const ForTheTeam: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      'This conversation is closed.',
    );
  },
};

/** The requester's side: how to ask again. */
export const ForTheRequester: Story = {
  args: {
    message: TEXTS.adviceClosedRequester,
    action: { label: 'Ask Cardiology Advice again', href: '/ask-advice/31' },
    onNavigate: fn(),
  },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(
      within(canvasElement).getByRole('link', { name: 'Ask Cardiology Advice again' }),
    );
    await expect(args.onNavigate).toHaveBeenCalledWith('/ask-advice/31');
  },
};
