import { Stack, Title } from '@mantine/core';
import { buildTimeline, type TimelineMessage } from '@pando/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ALICE, handoverConversation, hostileConversation } from '../../testing/chatFixtures';
import { storyImages } from '../../testing/imageFixtures';
import type { DeliveryState } from '../DeliveryStatus';
import { MessageBubble } from './MessageBubble';

const entries = (messages = handoverConversation()): TimelineMessage[] =>
  buildTimeline(messages).flatMap((item) => (item.type === 'group' ? item.messages : []));

const all = entries();
const first = all[0] as TimelineMessage;
const ofKind = (kind: string) => all.find((e) => e.decoded.content.kind === kind) ?? first;

const actions = {
  getImage: storyImages,
  onRetryImage: fn(),
  onOpenImage: fn(),
  onFileAction: fn(),
  onOpenPatientCard: fn(),
  onOpenForm: fn(),
  onRetrySend: fn(),
  onReply: fn(),
};

const meta = {
  title: 'UI/Chat/MessageBubble',
  component: MessageBubble,
  tags: ['autodocs'],
  args: { entry: first, senderName: 'Bob Okafor', isOwn: false, actions },
} satisfies Meta<typeof MessageBubble>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Text: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: 'Reply to Bob Okafor' }),
    );
    await expect(args.actions?.onReply).toHaveBeenCalled();
  },
};
export const PatientCard: Story = {
  args: { entry: ofKind('patientCard'), senderName: 'Alice Morgan' },
};
export const ImageLoaded: Story = {
  args: {
    entry: all.find((e) => e.decoded.content.kind === 'image') ?? first,
    senderName: 'Dr Priya Raman',
  },
};
export const ImageFailedRetries: Story = {
  args: {
    entry:
      all.find(
        (e) => e.decoded.content.kind === 'image' && e.decoded.content.imageId === 'missing-photo',
      ) ?? first,
    senderName: 'Dr Priya Raman',
  },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: /could not be loaded/ }),
    );
    await expect(args.actions?.onRetryImage).toHaveBeenCalledWith('missing-photo');
  },
};
export const File: Story = { args: { entry: ofKind('file') } };
export const Form: Story = { args: { entry: ofKind('form'), senderName: 'Alice Morgan' } };
export const FormTemplateNotFound: Story = {
  args: {
    entry: ofKind('form'),
    senderName: 'Alice Morgan',
    actions: { ...actions, getFormStatus: () => 'notFound' as const },
  },
};
export const Reply: Story = { args: { entry: ofKind('reply'), senderName: 'Dr Priya Raman' } };
export const MalformedBody: Story = { args: { entry: ofKind('malformed') } };
export const AdviceResolved: Story = {
  args: { entry: ofKind('adviceResolution'), senderName: 'Dr Priya Raman' },
};
export const OwnFailedWithRetry: Story = {
  args: { entry: ofKind('text'), isOwn: true, delivery: 'failed', senderName: 'Alice Morgan' },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Retry' }));
    await expect(args.actions?.onRetrySend).toHaveBeenCalled();
  },
};

const STATES: DeliveryState[] = ['queued', 'sending', 'stored', 'received', 'displayed', 'failed'];

/** Every subject and every delivery state, for design review. */
export const Catalog: Story = {
  render: (args) => (
    <Stack gap={0} maw={720}>
      <Title order={2} size="h5" px="md" pt="md">
        Subjects
      </Title>
      {all.map((entry) => (
        <MessageBubble
          key={entry.message.id}
          {...args}
          entry={entry}
          senderName={entry.message.displayNames?.sender ?? ''}
          isOwn={entry.sender === ALICE}
        />
      ))}
      <Title order={2} size="h5" px="md" pt="md">
        Delivery states
      </Title>
      {STATES.map((state) => (
        <MessageBubble
          key={state}
          {...args}
          entry={ofKind('text')}
          isOwn
          delivery={state}
          senderName="Alice Morgan"
        />
      ))}
      <Title order={2} size="h5" px="md" pt="md">
        Hostile content
      </Title>
      {entries(hostileConversation()).map((entry) => (
        <MessageBubble
          key={entry.message.id}
          {...args}
          entry={entry}
          senderName={entry.message.displayNames?.sender ?? ''}
        />
      ))}
    </Stack>
  ),
};
