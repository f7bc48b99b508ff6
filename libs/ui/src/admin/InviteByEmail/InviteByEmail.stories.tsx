import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { InviteByEmail } from './InviteByEmail';

const meta = {
  title: 'UI/Admin/InviteByEmail',
  component: InviteByEmail,
  tags: ['autodocs'],
  args: {
    onInvite: fn(() => Promise.resolve(true)),
    onImport: fn(),
    onRescind: fn(),
    hasSelection: false,
  },
} satisfies Meta<typeof InviteByEmail>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Invites one address; the input clears once it was sent. Rescind waits for a selection. */
export const Invite: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: 'Invite by email' });
    await userEvent.type(input, 'new.doctor@example.org{Enter}');
    await expect(args.onInvite).toHaveBeenCalledWith('new.doctor@example.org');
    await waitFor(() => expect(input).toHaveValue(''));
    await expect(canvas.getByRole('button', { name: 'Rescind' })).toBeDisabled();
  },
};
/** A refused invitation keeps the address to correct it. */
export const Refused: Story = {
  args: { onInvite: fn(() => Promise.resolve(false)) },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Invite by email' });
    await userEvent.type(input, 'dup@example.org{Enter}');
    await waitFor(() => expect(input).toHaveValue('dup@example.org'));
  },
};
export const WithSelectionAndCode: Story = { args: { hasSelection: true, onGenerateCode: fn() } };
