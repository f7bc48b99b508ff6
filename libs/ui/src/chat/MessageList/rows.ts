import type { TimelineItem, TimelineMessage } from '@pando/domain';

/** One virtualised row: a date separator or one message (the first of a group has a header). */
export type MessageRow =
  | { type: 'date'; key: string; day: string; time: number }
  | {
      type: 'message';
      key: string;
      entry: TimelineMessage;
      senderName: string;
      showHeader: boolean;
    };

/**
 * Flattens `buildTimeline` groups into rows, one per message, so the virtual list measures and
 * recycles small pieces: a group of 200 grouped lines is 200 rows, not one tall one.
 */
export function timelineRows(items: readonly TimelineItem[]): MessageRow[] {
  const rows: MessageRow[] = [];
  for (const item of items) {
    if (item.type === 'date') {
      rows.push({ type: 'date', key: item.key, day: item.day, time: item.time });
      continue;
    }
    item.messages.forEach((entry, i) => {
      rows.push({
        type: 'message',
        key: entry.message.id,
        entry,
        senderName: entry.message.displayNames?.sender ?? item.senderName,
        showHeader: i === 0,
      });
    });
  }
  return rows;
}

/**
 * How many rows were added above the previous first row. The virtual list keeps its scroll
 * position across a prepend only if its first index moves down by that amount.
 */
export function prependedCount(
  previousFirstKey: string | undefined,
  rows: readonly MessageRow[],
): number {
  if (previousFirstKey === undefined) return 0;
  const index = rows.findIndex((row) => row.key === previousFirstKey);
  return index > 0 ? index : 0;
}

/** Date separator label: Today, Yesterday, or the date (dd/mm/yyyy, spec 02 §9). */
export function dayLabel(day: string, now: Date): string {
  const [y, m, d] = day.split('-').map(Number);
  if (y === undefined || m === undefined || d === undefined) return day;
  const date = new Date(y, m - 1, d);
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const diffDays = Math.round((today.getTime() - date.getTime()) / 86_400_000);
  if (diffDays === 0) return 'Today';
  if (diffDays === 1) return 'Yesterday';
  return `${String(d).padStart(2, '0')}/${String(m).padStart(2, '0')}/${y}`;
}
