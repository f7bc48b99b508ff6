export { MessageList } from './MessageList';
export type { MessageListProps, MessageListHandle, HistoryState } from './MessageList';
export { timelineRows, prependedCount, dayLabel } from './rows';
export type { MessageRow } from './rows';
