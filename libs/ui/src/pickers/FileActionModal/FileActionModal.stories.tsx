import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { XSS_IMG } from '../../testing/fixtures';
import { FileActionModal } from './FileActionModal';

const file = {
  id: '88',
  filename: 'Cardiology discharge summary – Patel.pdf',
  size: 1_534_000,
  type: 'application/pdf',
};

const meta = {
  title: 'UI/Pickers/FileActionModal',
  component: FileActionModal,
  tags: ['autodocs'],
  args: { file, onClose: fn(), onDownload: fn(), onEmail: fn() },
} satisfies Meta<typeof FileActionModal>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Download: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download to this device' }));
    await expect(args.onDownload).toHaveBeenCalledWith(file);
  },
};

/** Send stays disabled until the address has an @ before its last dot. */
export const EmailWithValidation: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByText('Email'));
    const input = await within(dialog).findByLabelText(/Email address/);
    const send = within(dialog).getByRole('button', { name: 'Send' });
    await userEvent.type(input, 'alice.morgan@stelsewhere');
    await waitFor(() => expect(send).toBeDisabled());
    await userEvent.type(input, '.nhs.uk');
    await expect(send).toBeEnabled();
    await userEvent.click(send);
    await expect(args.onEmail).toHaveBeenCalledWith(file, 'alice.morgan@stelsewhere.nhs.uk');
  },
};

export const Busy: Story = { args: { busy: true } };
export const HostileFileName: Story = {
  args: { file: { ...file, filename: `${XSS_IMG}.pdf`, size: 2_100_000_000 } },
};
