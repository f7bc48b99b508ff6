import { MESSAGE_GROUPING_WINDOW_MS } from './constants';
import { decodeMessageBody, type DecodedMessage } from './codec';
import { messageSender, messageTime, visibleMessages, type ChatMessage } from './message';

/** A message with its decoded content, as the message list renders it. */
export interface TimelineMessage {
  message: ChatMessage;
  decoded: DecodedMessage;
  sender: string;
  time: number;
}

/** Consecutive messages shown under one sender header. */
export interface MessageGroup {
  type: 'group';
  key: string;
  sender: string;
  senderName: string;
  messages: TimelineMessage[];
}

/** A date separator; `day` is the local calendar day `YYYY-MM-DD`. */
export interface DateSeparator {
  type: 'date';
  key: string;
  day: string;
  time: number;
}

export type TimelineItem = DateSeparator | MessageGroup;

/** Local calendar day of a timestamp, `YYYY-MM-DD`. */
export function localDay(time: number): string {
  const d = new Date(time);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * Spec 01 §3: "Text messages from the same sender closer than 60 s are grouped." Both must be
 * plain text (forms, images, cards stand alone); the gap is measured from the previous message.
 */
export function shouldGroup(previous: TimelineMessage, next: TimelineMessage): boolean {
  const isText = (m: TimelineMessage) => m.decoded.content.kind === 'text';
  return (
    isText(previous) &&
    isText(next) &&
    previous.sender === next.sender &&
    next.time - previous.time < MESSAGE_GROUPING_WINDOW_MS
  );
}

/**
 * Builds the message list: visible messages only, deduplicated by id, oldest first, a date
 * separator before each new local day, text from the same sender within 60 s grouped. A day
 * change always starts a new group.
 */
export function buildTimeline(messages: readonly ChatMessage[]): TimelineItem[] {
  const items: TimelineItem[] = [];
  let day = '';
  let group: MessageGroup | null = null;
  for (const message of visibleMessages(messages)) {
    const entry: TimelineMessage = {
      message,
      decoded: decodeMessageBody(message.subject, message.body ?? ''),
      sender: messageSender(message),
      time: messageTime(message),
    };
    const entryDay = localDay(entry.time);
    if (entryDay !== day) {
      day = entryDay;
      items.push({ type: 'date', key: `date-${entryDay}`, day: entryDay, time: entry.time });
      group = null;
    }
    const last = group?.messages[group.messages.length - 1];
    if (group && last && shouldGroup(last, entry)) {
      group.messages.push(entry);
      continue;
    }
    group = {
      type: 'group',
      key: `group-${message.id}`,
      sender: entry.sender,
      senderName: message.displayNames?.sender ?? '',
      messages: [entry],
    };
    items.push(group);
  }
  return items;
}

/** The warnings of malformed bodies in a list, with their message ids, for the logger (spec 01 §8). */
export function timelineWarnings(
  items: readonly TimelineItem[],
): { messageId: string; warning: string }[] {
  return items.flatMap((item) =>
    item.type === 'group'
      ? item.messages.flatMap((m) =>
          m.decoded.warning ? [{ messageId: m.message.id, warning: m.decoded.warning }] : [],
        )
      : [],
  );
}
