import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { SendToEmailDialog } from './SendToEmailDialog';

const meta = {
  title: 'UI/Pickers/SendToEmailDialog',
  component: SendToEmailDialog,
  tags: ['autodocs'],
  args: {
    opened: true,
    onClose: fn(),
    onSend: fn(),
    title: 'Export conversation to email',
    description: 'A transcript of this advice conversation is sent to the address below.',
  },
} satisfies Meta<typeof SendToEmailDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Spec 01 §5: trimmed, '@' before the last '.', otherwise Send stays disabled. */
export const ValidatesTheAddress: Story = {
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog'));
    const send = dialog.getByRole('button', { name: 'Send' });
    const field = dialog.getByRole('textbox');
    await userEvent.type(field, 'dr.raman@stelsewhere');
    await expect(send).toBeDisabled();
    await userEvent.type(field, '.nhs.uk  ');
    await expect(send).toBeEnabled();
    await userEvent.click(send);
    await expect(args.onSend).toHaveBeenCalledWith('dr.raman@stelsewhere.nhs.uk');
  },
};
export const Prefilled: Story = { args: { defaultEmail: 'alice@example.org' } };
export const Sending: Story = { args: { defaultEmail: 'alice@example.org', sending: true } };
