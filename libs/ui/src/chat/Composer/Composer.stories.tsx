import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
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
/**
 * On a phone the attachments sit behind one "Attachments" button (a menu, by keyboard too) and
 * the message field takes at least half the screen's width (126 px beside four buttons before).
 */
export const Phone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole('textbox', { name: 'Message' });
    await expect(box.getBoundingClientRect().width).toBeGreaterThanOrEqual(window.innerWidth / 2);
    await expect(canvas.queryByRole('button', { name: 'Send an image' })).toBeNull();
    const attach = canvas.getByRole('button', { name: 'Attachments' });
    attach.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    await expect(items.map((item) => item.textContent)).toEqual([
      'Share a patient card',
      'Send an image',
      'Attach a file',
      'Select a form',
    ]);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Select a form' }));
    await expect(args.onSelectForm).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  },
};
/** A forum on a phone: the menu has no patient share (spec 01 §6). */
export const PhoneForum: Story = {
  args: { isForum: true },
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Attachments' }));
    const menu = await screen.findByRole('menu');
    await expect(within(menu).queryByRole('menuitem', { name: 'Share a patient card' })).toBeNull();
    await waitFor(() =>
      expect(within(menu).getByRole('menuitem', { name: 'Send an image' })).toBeVisible(),
    );
    // Left open: axe checks the open menu too.
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
