import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Stack, Text } from '@mantine/core';
import { Composer } from './Composer';

const meta = {
  title: 'UI/Chat/Composer',
  component: Composer,
  tags: ['autodocs'],
  args: {
    onSend: fn(),
    onSharePatientCard: fn(),
    onSendImages: fn(),
    onAttachFiles: fn(),
    onRefuseFiles: fn(),
    onSelectForm: fn(),
    onCancelReply: fn(),
  },
} satisfies Meta<typeof Composer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TeamChat: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'Bed 12 needs a repeat ECG at 14:00{Enter}');
    await expect(args.onSend).toHaveBeenCalledWith('Bed 12 needs a repeat ECG at 14:00');
  },
};

/** Forums never receive patient cards: the share button is gone. */
export const Forum: Story = { args: { isForum: true } };
export const Offline: Story = { args: { offline: true } };

/** The live chat's case: text written offline is queued in the outbox and sent on reconnect. */
export const OfflineQueued: Story = { args: { offline: true, queuesOffline: true } };
export const Replying: Story = {
  args: {
    replyTo: {
      senderName: 'Dr Priya Raman',
      text: 'Agreed, I will review her at 11 with the echo result. If the rate climbs above 110 again please call the cardiology registrar on bleep 4471.',
    },
  },
};
export const LongDraft: Story = {
  args: {
    defaultValue:
      'Handover for bed 3:\nNSTEMI day 2, troponin down.\nFor angiography today, nil by mouth from 06:00.\nConsent signed.',
  },
};
/** An image and a file on their way: one progress bar each, named for screen readers. */
export const Uploading: Story = {
  args: {
    uploads: [
      { id: 'u1', label: 'ECG bed 9.jpg', progress: 0.42 },
      { id: 'u2', label: 'Discharge summary.pdf', progress: 0.9 },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('progressbar', { name: 'Uploading ECG bed 9.jpg' }),
    ).toHaveAttribute('aria-valuenow', '42');
    await expect(canvas.getByLabelText('File to send')).toHaveAttribute('type', 'file');
  },
};
/**
 * Files refused before upload (spec 01 §5): an .exe and a file over 25 MB never reach
 * `onAttachFiles`; `onRefuseFiles` gets one message naming each (the app notifies). The picker
 * offers only the chat's types.
 */
export const RefusesFilesBeforeUpload: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText('File to send');
    await expect(input.getAttribute('accept')?.split(',')).toContain('application/pdf');
    await expect(input.getAttribute('accept')).not.toContain('image/svg+xml');
    const big = new File(['x'], 'CT head series.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 26_214_401 });
    const exe = new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' });
    const ok = new File(['%PDF-1.7'], 'referral.pdf', { type: 'application/pdf' });
    await userEvent.upload(input, [big, exe, ok], { applyAccept: false });
    await expect(args.onAttachFiles).toHaveBeenCalledWith([ok]);
    await expect(args.onRefuseFiles).toHaveBeenCalledWith([
      'The file, CT head series.pdf is too large to send, the limit is 25 Mb for a single file.',
      'The file, setup.exe cannot be sent: .exe files are not allowed. Send a PDF, a Word document or an image.',
    ]);
  },
};
export const RightToLeftDraft: Story = {
  args: { defaultValue: 'المريض في السرير ٩ يحتاج إلى تخطيط قلب' },
};

/** Every state side by side, for design review: team, forum, offline, replying, long draft. */
export const Catalog: Story = {
  render: (args) => (
    <Stack gap="xl" p="md">
      {(
        [
          ['Team chat', {}],
          ['Forum (no patient share)', { isForum: true }],
          ['Offline', { offline: true }],
          [
            'Replying',
            {
              replyTo: {
                senderName: 'Dr Priya Raman',
                text: 'Agreed, I will review her at 11 with the echo result.',
              },
            },
          ],
          ['Long draft', { defaultValue: 'Handover for bed 3:\nNSTEMI day 2, troponin down.' }],
        ] as const
      ).map(([title, state]) => (
        <Stack key={title} gap="xs">
          <Text fw={600} size="sm">
            {title}
          </Text>
          <Composer {...args} {...state} />
        </Stack>
      ))}
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('textbox', { name: 'Message' })).toHaveLength(5);
    // The forum composer is the only one without the patient-card button.
    await expect(canvas.getAllByRole('button', { name: /patient card/i })).toHaveLength(4);
  },
};
