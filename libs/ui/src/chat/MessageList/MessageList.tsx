import { Box, Button, Center, Divider, Loader, Text } from '@mantine/core';
import { TEXTS, type TimelineItem } from '@pando/domain';
import { IconArrowDown } from '@tabler/icons-react';
import {
  forwardRef,
  useCallback,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type HTMLAttributes,
  type Ref,
} from 'react';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import type { DeliveryState } from '../DeliveryStatus';
import { MessageBubble, type MessageActions } from '../MessageBubble';
import { dayLabel, prependedCount, timelineRows, type MessageRow } from './rows';

/** History fetch state (spec 01 §4 "Message loading"). */
export type HistoryState = 'fetching' | 'fetched' | 'fetchingMore' | 'fetchedAll';

/** Imperative actions for the chat header's "scroll to bottom". */
export interface MessageListHandle {
  scrollToBottom: () => void;
}

export interface MessageListProps {
  /** The conversation's timeline, from `buildTimeline` (visible, deduplicated, grouped). */
  items: readonly TimelineItem[];
  /** The signed-in user's bare JID: their messages align to the end and show delivery state. */
  currentUser: string;
  /** Delivery state of own messages, by message id. @default {} */
  delivery?: Readonly<Record<string, DeliveryState>>;
  /** History state: the top shows a spinner, a sentinel, or "beginning of conversation". */
  history: HistoryState;
  /** Asks for older messages when the top sentinel becomes visible (only in `fetched`). */
  onLoadOlder: () => void;
  /** What bubbles can ask of the app. */
  actions?: MessageActions;
  /** "Today"/"Yesterday" are computed against this. @default new Date() */
  now?: Date;
  /** Exposes `scrollToBottom`. */
  ref?: Ref<MessageListHandle>;
  /** Accessible name of the message log. @default 'Messages' */
  label?: string;
}

// Virtuoso needs a stable index space that only ever moves down when rows are prepended.
const FIRST_INDEX_BASE = 1_000_000_000;
const SENTINEL_HEIGHT_PX = 70;
const STICKY_BOTTOM_PX = 30;
// A typical one-line message row; a close estimate saves Virtuoso correction passes on open.
const ESTIMATED_ROW_PX = 44;

const Scroller = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(
  function Scroller(props, ref) {
    // Focusable so keyboard users can scroll the history (axe scrollable-region-focusable).
    return <div {...props} ref={ref} tabIndex={0} />;
  },
);

function DateSeparator({ day, now }: { day: string; now: Date }) {
  return (
    <Box px="md" py="xs" role="separator" aria-label={dayLabel(day, now)}>
      <Divider
        label={
          <Text size="xs" c="dimmed" fw={600}>
            {dayLabel(day, now)}
          </Text>
        }
        labelPosition="center"
      />
    </Box>
  );
}

/**
 * The virtualised message list (spec 01 §2 "Message list"): date separators, "beginning of
 * conversation", a top sentinel that loads older messages, stick-to-bottom while at the bottom,
 * and a "New messages" button when messages arrive while the person reads older ones. Only the
 * visible rows are in the DOM, so 10,000 messages cost what 30 do.
 */
export function MessageList({
  items,
  currentUser,
  delivery = {},
  history,
  onLoadOlder,
  actions,
  now,
  ref,
  label = 'Messages',
}: MessageListProps) {
  const virtuoso = useRef<VirtuosoHandle>(null);
  const rows = useMemo(() => timelineRows(items), [items]);
  const today = useMemo(() => now ?? new Date(), [now]);

  // Keep the scroll position when older rows are prepended: move firstItemIndex down by the
  // number of rows that appeared above the previous first row.
  const [firstItemIndex, setFirstItemIndex] = useState(FIRST_INDEX_BASE);
  const previousFirstKey = useRef<string | undefined>(rows[0]?.key);
  const previousLastKey = useRef<string | undefined>(rows[rows.length - 1]?.key);
  const [atBottom, setAtBottom] = useState(true);
  const [unseenNew, setUnseenNew] = useState(false);

  useLayoutEffect(() => {
    const added = prependedCount(previousFirstKey.current, rows);
    if (added > 0) setFirstItemIndex((index) => index - added);
    previousFirstKey.current = rows[0]?.key;
    const lastKey = rows[rows.length - 1]?.key;
    if (lastKey !== previousLastKey.current && previousLastKey.current !== undefined && !atBottom) {
      setUnseenNew(true);
    }
    previousLastKey.current = lastKey;
  }, [rows, atBottom]);

  const scrollToBottom = useCallback(() => {
    virtuoso.current?.scrollToIndex({ index: 'LAST', align: 'end', behavior: 'auto' });
    setUnseenNew(false);
  }, []);
  useImperativeHandle(ref, () => ({ scrollToBottom }), [scrollToBottom]);

  const Header = useCallback(() => {
    if (history === 'fetchedAll') {
      return (
        <Text size="sm" c="dimmed" ta="center" py="md">
          {TEXTS.beginningOfConversation}
        </Text>
      );
    }
    if (history === 'fetchingMore' || history === 'fetching') {
      return (
        <Center h={SENTINEL_HEIGHT_PX} role="status" aria-label="Loading older messages">
          <Loader size="sm" aria-hidden />
        </Center>
      );
    }
    return <div style={{ height: SENTINEL_HEIGHT_PX }} aria-hidden />;
  }, [history]);

  const renderRow = (_index: number, row: MessageRow) =>
    row.type === 'date' ? (
      <DateSeparator day={row.day} now={today} />
    ) : (
      <MessageBubble
        entry={row.entry}
        senderName={row.senderName}
        isOwn={row.entry.sender === currentUser}
        showHeader={row.showHeader}
        {...(delivery[row.key] ? { delivery: delivery[row.key] } : {})}
        {...(actions ? { actions } : {})}
      />
    );

  return (
    <Box
      pos="relative"
      h="100%"
      role="log"
      aria-label={label}
      aria-live="polite"
      aria-relevant="additions"
    >
      {rows.length === 0 && history !== 'fetching' ? (
        <Center h="100%">
          <Text size="sm" c="dimmed">
            {history === 'fetchedAll'
              ? `${TEXTS.beginningOfConversation}. Say hello.`
              : 'No messages yet.'}
          </Text>
        </Center>
      ) : (
        <Virtuoso
          ref={virtuoso}
          style={{ height: '100%' }}
          data={rows}
          firstItemIndex={firstItemIndex}
          initialTopMostItemIndex={Math.max(0, rows.length - 1)}
          defaultItemHeight={ESTIMATED_ROW_PX}
          alignToBottom
          computeItemKey={(_index, row) => row.key}
          itemContent={renderRow}
          atBottomThreshold={STICKY_BOTTOM_PX}
          atBottomStateChange={(bottom) => {
            setAtBottom(bottom);
            if (bottom) setUnseenNew(false);
          }}
          followOutput={(isAtBottom) => {
            // Stick to the bottom while there; also follow one's own just-sent message.
            const last = rows[rows.length - 1];
            const own = last?.type === 'message' && last.entry.sender === currentUser;
            return isAtBottom || own ? 'auto' : false;
          }}
          startReached={() => {
            if (history === 'fetched') onLoadOlder();
          }}
          increaseViewportBy={{ top: 400, bottom: 200 }}
          components={{ Header, Scroller }}
        />
      )}
      {unseenNew ? (
        <Button
          pos="absolute"
          bottom={12}
          left="50%"
          style={{ transform: 'translateX(-50%)' }}
          size="xs"
          radius="xl"
          leftSection={<IconArrowDown size={14} aria-hidden />}
          onClick={scrollToBottom}
        >
          {TEXTS.newMessages}
        </Button>
      ) : null}
    </Box>
  );
}
