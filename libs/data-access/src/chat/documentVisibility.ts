import type { ChatStore } from './ChatStore';

/**
 * Keeps the store told whether the tab is visible, so a chat left open in a hidden tab neither
 * sends `displayed` markers nor zeroes its unread count, and the new message counts as news
 * (browser notification, title). Returns the unsubscribe function.
 */
export function bindDocumentVisibility(
  store: Pick<ChatStore, 'setVisible'>,
  doc: Document = document,
): () => void {
  const update = () => {
    store.setVisible(doc.visibilityState !== 'hidden');
  };
  update();
  doc.addEventListener('visibilitychange', update);
  return () => {
    doc.removeEventListener('visibilitychange', update);
  };
}
