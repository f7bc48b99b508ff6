export { OfflineCopy } from './OfflineCopy';
export { IndexedDbRecordStore } from './records';
export { CHAT, persistChat, restoredChat } from './chat';
export { useOfflineCopy } from './context';
export { useCopyFreshness } from './freshness';
export { bootCopyOf, openBootCopy, type BootCopy, type BootPaint } from './boot';
export { PAINT, QUERIES } from './sealedRecord';
