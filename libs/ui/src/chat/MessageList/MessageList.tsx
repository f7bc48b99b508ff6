import { Box, Button, Center, Divider, Loader, Text, VisuallyHidden } from '@mantine/core';
import { TEXTS, type TimelineItem } from '@pando/domain';
import { IconArrowDown } from '@tabler/icons-react';
import {
  forwardRef,
  memo,
  useCallback,
  useEffect,
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
/**
 * Rows handed to the virtual list when a conversation opens: about one screen. The rest of what
 * is already loaded is revealed a chunk at a time as the person scrolls up (a prepend through
 * `firstItemIndex`), so opening never waits for Virtuoso's scroll-to-an-initial-index handshake
 * (four animation frames with the list hidden, then a confirmed scroll).
 */
const INITIAL_ROWS = 20;
const REVEAL_ROWS = 40;
const FULL_HEIGHT = { height: '100%' } as const;
const OVERSCAN_PX = { top: 400, bottom: 200 } as const;
const rowKey = (_index: number, row: MessageRow) => row.key;

/** Which rows the virtual list holds: `rows.slice(hidden)`, the first of them at `firstIndex`. */
interface ListWindow {
  firstKey: string | undefined;
  hidden: number;
  firstIndex: number;
}

/**
 * The window after `rows` changed. Rows prepended above the first known row (an older page)
 * are shown at once when nothing is hidden (a prepend), else they join the hidden part.
 */
function nextWindow(window: ListWindow, rows: readonly MessageRow[]): ListWindow {
  const firstKey = rows[0]?.key;
  if (firstKey === window.firstKey) return window;
  // The first rows of a conversation that was empty: open on its last screen.
  if (window.firstKey === undefined) return openingWindow(rows);
  const added = prependedCount(window.firstKey, rows);
  const hidden = Math.min(window.hidden > 0 ? window.hidden + added : 0, rows.length);
  const firstIndex = window.hidden > 0 ? window.firstIndex : window.firstIndex - added;
  return { firstKey, hidden, firstIndex };
}

function openingWindow(rows: readonly MessageRow[]): ListWindow {
  return {
    firstKey: rows[0]?.key,
    hidden: Math.max(0, rows.length - INITIAL_ROWS),
    firstIndex: FIRST_INDEX_BASE,
  };
}

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

interface RowViewProps {
  row: MessageRow;
  today: Date;
  currentUser: string;
  delivery?: DeliveryState;
  actions?: MessageActions;
}

/**
 * One row, memoised: Virtuoso calls `itemContent` for every rendered row each time its own state
 * changes (a row measured, the viewport settled, a reveal), three to five times per row while a
 * conversation opens. Unchanged rows now skip their bubble; only the row whose delivery state
 * changed re-renders when one does (issue 16, the 10,000-message last page at 4x CPU).
 */
const RowView = memo(function RowView({
  row,
  today,
  currentUser,
  delivery,
  actions,
}: RowViewProps) {
  return row.type === 'date' ? (
    <DateSeparator day={row.day} now={today} />
  ) : (
    <MessageBubble
      entry={row.entry}
      senderName={row.senderName}
      isOwn={row.entry.sender === currentUser}
      showHeader={row.showHeader}
      {...(delivery ? { delivery } : {})}
      {...(actions ? { actions } : {})}
    />
  );
}, sameRowView);

/**
 * Rows are rebuilt (new objects) whenever the timeline changes, e.g. one new message; a row is
 * the same when it shows the same message (its decoded body, sender and time are derived from
 * the message alone in `buildTimeline`), under the same header, with the same delivery state.
 */
function sameRowView(a: RowViewProps, b: RowViewProps): boolean {
  if (
    a.today !== b.today ||
    a.currentUser !== b.currentUser ||
    a.delivery !== b.delivery ||
    a.actions !== b.actions
  ) {
    return false;
  }
  if (a.row === b.row) return true;
  if (a.row.type === 'date' || b.row.type === 'date') {
    return a.row.type === b.row.type && a.row.key === b.row.key;
  }
  return (
    a.row.entry.message === b.row.entry.message &&
    a.row.senderName === b.row.senderName &&
    a.row.showHeader === b.row.showHeader
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
  const scroller = useRef<HTMLElement | null>(null);
  const rows = useMemo(() => timelineRows(items), [items]);
  const today = useMemo(() => now ?? new Date(), [now]);

  // Derived state (React's "storing information from previous renders"): adjust the window
  // during render, so Virtuoso never sees new rows with a stale first index.
  const [listWindow, setListWindow] = useState<ListWindow>(() => openingWindow(rows));
  const current = nextWindow(listWindow, rows);
  if (current !== listWindow) setListWindow(current);
  const data = useMemo(
    () => (current.hidden > 0 ? rows.slice(current.hidden) : rows),
    [rows, current.hidden],
  );

  const previousLastKey = useRef<string | undefined>(rows[rows.length - 1]?.key);
  const [atBottom, setAtBottom] = useState(true);
  const [atTop, setAtTop] = useState(false);
  const [unseenNew, setUnseenNew] = useState(false);

  useLayoutEffect(() => {
    const lastKey = rows[rows.length - 1]?.key;
    if (lastKey !== previousLastKey.current && previousLastKey.current !== undefined && !atBottom) {
      setUnseenNew(true);
    }
    previousLastKey.current = lastKey;
  }, [rows, atBottom]);

  // Opening: stay on the newest message while the first rows are measured (and while rows
  // revealed above settle), until the person scrolls. The window is about one screen, so this
  // is a scroll in the same frame, not Virtuoso's hidden multi-frame initial-index handshake.
  const pinned = useRef(true);
  const pinToBottom = useCallback(() => {
    const el = scroller.current;
    if (pinned.current && el) el.scrollTop = el.scrollHeight;
  }, []);
  const release = useCallback(() => {
    pinned.current = false;
  }, []);
  // A scroll that leaves more than a screen below, or that moves up by more than the sticky
  // margin while the content did not shrink, is the person (or a script) reading back. Virtuoso's
  // own corrections move far less, keep the bottom in view, or come with a shorter content (a
  // row measured smaller than its estimate); a prepend moves the position down, never up.
  const lastScroll = useRef({ top: 0, height: 0 });
  const releaseOnJump = useCallback((event: Event) => {
    const el = event.currentTarget;
    if (!(el instanceof HTMLElement)) return;
    const before = lastScroll.current;
    lastScroll.current = { top: el.scrollTop, height: el.scrollHeight };
    const farFromBottom = el.scrollHeight - el.scrollTop - el.clientHeight > el.clientHeight;
    const movedUp =
      before.top - el.scrollTop > STICKY_BOTTOM_PX && el.scrollHeight >= before.height;
    if (farFromBottom || movedUp) pinned.current = false;
  }, []);
  const watchScroller = useCallback(
    (element: HTMLElement | Window | null) => {
      const previous = scroller.current;
      if (previous === element) return;
      previous?.removeEventListener('scroll', releaseOnJump);
      scroller.current = element instanceof HTMLElement ? element : null;
      scroller.current?.addEventListener('scroll', releaseOnJump, { passive: true });
    },
    [releaseOnJump],
  );

  // Infinite history (spec 01 §2 "older messages load when the top sentinel becomes visible"):
  // at the top, first reveal rows already loaded, then ask for the previous archive page. It
  // repeats while the top stays in view, so a short first page fills the screen by itself.
  // One reveal per animation frame, never inside the commit that made the previous one: Virtuoso
  // reports the top in view before it has measured anything (an opening list is all top), and
  // revealing synchronously chained a commit per chunk with no layout in between; on a 4x
  // throttled CPU (a phone) a 10,000-message conversation hit React's nested-update limit
  // ("Maximum update depth exceeded", a blank conversation). A frame lets Virtuoso measure and
  // say the top has left the view, which ends the chain.
  useEffect(() => {
    if (!atTop) return;
    if (current.hidden === 0) {
      if (history === 'fetched') onLoadOlder();
      return;
    }
    const frame = requestAnimationFrame(() => {
      setListWindow((w) => {
        const count = Math.min(REVEAL_ROWS, w.hidden);
        return { ...w, hidden: w.hidden - count, firstIndex: w.firstIndex - count };
      });
    });
    return () => {
      cancelAnimationFrame(frame);
    };
  }, [atTop, current.hidden, history, onLoadOlder]);

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
        <Center h={SENTINEL_HEIGHT_PX}>
          <Loader size="sm" aria-hidden />
        </Center>
      );
    }
    return <div style={{ height: SENTINEL_HEIGHT_PX }} aria-hidden />;
  }, [history]);

  // Every callback and object handed to Virtuoso keeps its identity between renders: Virtuoso
  // publishes its props into its own store after each render, and a new identity is a change it
  // propagates (work on every incoming message, for nothing).
  const renderRow = useCallback(
    (_index: number, row: MessageRow) => (
      <RowView
        row={row}
        today={today}
        currentUser={currentUser}
        {...(delivery[row.key] ? { delivery: delivery[row.key] } : {})}
        {...(actions ? { actions } : {})}
      />
    ),
    [today, currentUser, delivery, actions],
  );
  const onAtBottomChange = useCallback((bottom: boolean) => {
    setAtBottom(bottom);
    if (bottom) setUnseenNew(false);
  }, []);
  const followOutput = useCallback(
    (isAtBottom: boolean) => {
      // Stick to the bottom while there; also follow one's own just-sent message.
      const last = rows[rows.length - 1];
      const own = last?.type === 'message' && last.entry.sender === currentUser;
      return isAtBottom || own ? ('auto' as const) : false;
    },
    [rows, currentUser],
  );
  const components = useMemo(() => ({ Header, Scroller }), [Header]);

  return (
    <Box
      pos="relative"
      h="100%"
      role="log"
      aria-label={label}
      aria-live="polite"
      aria-relevant="additions"
      // Reading back by wheel, touch, keys or the scrollbar ends the opening's stick-to-bottom.
      onWheel={release}
      onTouchMove={release}
      onKeyDown={release}
      onMouseDown={release}
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
          scrollerRef={watchScroller}
          style={FULL_HEIGHT}
          data={data}
          firstItemIndex={current.firstIndex}
          defaultItemHeight={ESTIMATED_ROW_PX}
          alignToBottom
          computeItemKey={rowKey}
          itemContent={renderRow}
          atBottomThreshold={STICKY_BOTTOM_PX}
          atBottomStateChange={onAtBottomChange}
          followOutput={followOutput}
          totalListHeightChanged={pinToBottom}
          atTopThreshold={SENTINEL_HEIGHT_PX}
          atTopStateChange={setAtTop}
          increaseViewportBy={OVERSCAN_PX}
          components={components}
        />
      )}
      {/* Screen readers hear history loading; the spinner above is only for the eyes. */}
      <VisuallyHidden role="status">
        {history === 'fetchingMore'
          ? 'Loading older messages'
          : history === 'fetchedAll' && rows.length > 0
            ? 'All earlier messages are loaded'
            : ''}
      </VisuallyHidden>
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
