import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Composer } from './Composer';

const meta = {
  title: 'UI/Chat/Composer',
  component: Composer,
  args: {
    onSend: fn(),
    onSharePatientCard: fn(),
    onSendImages: fn(),
    onAttachFiles: fn(),
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
export const RightToLeftDraft: Story = {
  args: { defaultValue: 'المريض في السرير ٩ يحتاج إلى تخطيط قلب' },
};
