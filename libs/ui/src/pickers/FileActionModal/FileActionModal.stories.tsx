import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { textsWith } from '@pando/domain';
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

/** The email form, opened with the own address filled in. */
export const EmailForm: Story = {
  args: { defaultMode: 'email', defaultEmail: 'alice.morgan@stelsewhere.nhs.uk' },
  play: async () => {
    const dialog = await screen.findByRole('dialog');
    await expect(await within(dialog).findByLabelText(/Email address/)).toHaveValue(
      'alice.morgan@stelsewhere.nhs.uk',
    );
  },
};

/** Sending: the Send button spins and cannot be pressed twice. */
export const Sending: Story = {
  args: { defaultMode: 'email', defaultEmail: 'alice.morgan@stelsewhere.nhs.uk', busy: true },
};

export const EmailError: Story = {
  args: {
    defaultMode: 'email',
    defaultEmail: 'alice.morgan@stelsewhere.nhs.uk',
    outcome: { kind: 'error', message: textsWith.errorSendingEmail('Too Many Requests') },
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog');
    await expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Error sending email: Too Many Requests',
    );
  },
};

export const EmailSuccess: Story = {
  args: {
    defaultMode: 'email',
    defaultEmail: 'alice.morgan@stelsewhere.nhs.uk',
    outcome: {
      kind: 'success',
      message: textsWith.emailSentSuccessfully('sent to alice.morgan@stelsewhere.nhs.uk'),
    },
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog');
    await expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Email sent successfully: sent to alice.morgan@stelsewhere.nhs.uk',
    );
  },
};

export const DownloadError: Story = {
  args: { outcome: { kind: 'error', message: textsWith.downloadFailed('Network Error') } },
};
export const HostileFileName: Story = {
  args: { file: { ...file, filename: `${XSS_IMG}.pdf`, size: 2_100_000_000 } },
};

/** On a phone (390 × 844): the email form with an error, the longest state. */
export const PhoneEmailError: Story = {
  ...EmailError,
  globals: { viewport: { value: 'phone', isRotated: false } },
};
