import { Box, Button, SimpleGrid, Stack } from '@mantine/core';
import { buildTimeline, type ChatMessage } from '@pando/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo, useRef, useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import {
  ALICE,
  BOB,
  handoverConversation,
  hostileConversation,
  manyMessages,
  rightToLeftConversation,
  roomMessage,
  STORY_NOW,
} from '../../testing/chatFixtures';
import { storyImages } from '../../testing/imageFixtures';
import { MessageList, type MessageListHandle, type MessageListProps } from './MessageList';

type Args = Omit<MessageListProps, 'items'> & { messages: ChatMessage[] };

function ListStory({ messages, ...props }: Args) {
  const items = useMemo(() => buildTimeline(messages), [messages]);
  return (
    <Box h="100dvh">
      <MessageList {...props} items={items} />
    </Box>
  );
}

const actions = {
  getImage: storyImages,
  onRetryImage: fn(),
  onOpenImage: fn(),
  onFileAction: fn(),
  onOpenPatientCard: fn(),
  onOpenForm: fn(),
  onRetrySend: fn(),
  onReply: fn(),
  getFormStatus: (title: string) =>
    title.startsWith('Falls') ? ('superseded' as const) : ('found' as const),
};

const meta = {
  title: 'UI/Chat/MessageList',
  // The Docs page documents MessageList's own props; the stories render it through ListStory,
  // which builds the timeline from plain messages as the app does.
  component: MessageList as unknown as typeof ListStory,
  render: (args) => <ListStory {...args} />,
  tags: ['autodocs'],
  args: {
    messages: handoverConversation(),
    currentUser: ALICE,
    history: 'fetched',
    onLoadOlder: fn(),
    now: STORY_NOW,
    actions,
    delivery: { m14: 'displayed', m15: 'failed' },
  },
} satisfies Meta<typeof ListStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A Ward 7 handover: text, patient card, images (loaded/loading/failed), file, forms, reply, malformed body, advice line. */
export const Handover: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Virtuoso keeps the list hidden until the initial scroll-to-bottom has settled.
    await waitFor(() =>
      expect(canvas.getByText('Thanks, I have updated the board.')).toBeVisible(),
    );
    await expect(canvas.getByRole('link', { name: /nice\.org\.uk/ })).toHaveAttribute(
      'href',
      'https://www.nice.org.uk/guidance/ng196',
    );
  },
};

export const Empty: Story = { args: { messages: [], history: 'fetched' } };
export const EmptyBeginning: Story = { args: { messages: [], history: 'fetchedAll' } };
export const InitialLoading: Story = { args: { messages: [], history: 'fetching' } };

/** The whole history is loaded: the top says so instead of asking for more. */
export const BeginningOfConversation: Story = {
  args: { messages: handoverConversation().slice(0, 3), history: 'fetchedAll' },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('This is the beginning of the conversation'),
    ).toBeVisible();
  },
};

/** The top sentinel is visible, so older messages are requested. */
export const LoadsOlderAtTop: Story = {
  args: { messages: handoverConversation().slice(0, 3), history: 'fetched' },
  play: async ({ args }) => {
    await waitFor(() => expect(args.onLoadOlder).toHaveBeenCalled());
  },
};

export const LoadingOlder: Story = { args: { history: 'fetchingMore' } };

export const ThousandMessages: Story = {
  args: { messages: manyMessages(1000), delivery: {} },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByText(/\(#1000\)/)).toBeVisible());
    // Virtualised: far fewer rows in the DOM than messages.
    await expect(canvasElement.querySelectorAll('[data-item-index]').length).toBeLessThan(100);
  },
};

export const RightToLeft: Story = { args: { messages: rightToLeftConversation(), delivery: {} } };

/** XSS: markup and javascript: links in messages, names and file names stay inert text. */
export const HostileContent: Story = {
  args: { messages: hostileConversation(), currentUser: ALICE, delivery: {} },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByText('<img src=x onerror=alert(1)> Bob')).toBeVisible());
    await expect(canvasElement.querySelector('img[src="x"]')).toBeNull();
    const hrefs = Array.from(canvasElement.querySelectorAll('a')).map(
      (a) => a.getAttribute('href') ?? '',
    );
    await expect(hrefs.some((href) => href.toLowerCase().startsWith('javascript:'))).toBe(false);
  },
};

/** Reading older messages while new ones arrive shows "New messages"; clicking it jumps down. */
export const NewMessagesIndicator: Story = {
  args: { messages: manyMessages(60), delivery: {} },
  render: function Render({ messages, ...props }) {
    const [list, setList] = useState(messages);
    const ref = useRef<MessageListHandle>(null);
    const items = useMemo(() => buildTimeline(list), [list]);
    return (
      <Stack h="100dvh" gap={0}>
        <Button
          m="xs"
          variant="default"
          onClick={() => {
            setList((current) => [
              ...current,
              roomMessage(
                BOB,
                { kind: 'text', text: 'Bed 12 troponin back: 48 ng/L.' },
                STORY_NOW.getTime() + 60_000,
                `new-${current.length}`,
              ),
            ]);
          }}
        >
          Receive a message
        </Button>
        <Box style={{ flex: 1, minHeight: 0 }}>
          <MessageList {...props} ref={ref} items={items} />
        </Box>
      </Stack>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const scroller = await waitFor(() => {
      const el = canvasElement.querySelector<HTMLElement>('[data-virtuoso-scroller]');
      if (!el) throw new Error('no scroller yet');
      return el;
    });
    await waitFor(() => expect(canvas.getByText(/\(#60\)/)).toBeVisible());
    // Read older messages: scroll to the top until the newest is out of view. The list opens
    // holding about one screen; each arrival at the top reveals older rows above, keeping the
    // position, as when a person keeps scrolling up.
    await waitFor(() => {
      scroller.scrollTop = 0;
      scroller.dispatchEvent(new Event('scroll'));
      return expect(canvas.queryByText(/\(#60\)/)).toBeNull();
    });
    // Let the list hear of the scroll (Virtuoso reports "no longer at the bottom" from its scroll
    // handler, a frame later) before the message arrives, as a reader's pause would.
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    await userEvent.click(canvas.getByRole('button', { name: 'Receive a message' }));
    const indicator = await canvas.findByRole('button', { name: 'New messages' });
    await userEvent.click(indicator);
    await waitFor(() => expect(canvas.getByText('Bed 12 troponin back: 48 ng/L.')).toBeVisible());
  },
};

/** The list's states side by side: a conversation, loading older, the beginning, empty. */
export const Catalog: Story = {
  render: ({ messages, ...props }) => (
    <SimpleGrid cols={4} spacing="md" p="md">
      {(
        [
          ['Conversation', messages, 'fetched'],
          ['Loading older', messages.slice(0, 5), 'fetchingMore'],
          ['Beginning', messages.slice(0, 3), 'fetchedAll'],
          ['Empty', [], 'fetchedAll'],
        ] as const
      ).map(([title, list, history]) => (
        <Box
          key={title}
          h={480}
          style={{ border: '1px solid var(--mantine-color-default-border)' }}
        >
          <MessageList
            {...props}
            label={`Messages: ${title}`}
            history={history}
            items={buildTimeline(list)}
          />
        </Box>
      ))}
    </SimpleGrid>
  ),
};
