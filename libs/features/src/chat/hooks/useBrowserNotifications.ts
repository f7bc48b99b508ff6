import { useEffect, useRef } from 'react';
import type { ChatStore } from '@pando/data-access';
import { decodeMessageBody, messagePreview, totalUnread } from '@pando/domain';

/**
 * Browser notifications for new messages while the tab is hidden (issue 10). Off until the person
 * grants permission; the permission is asked only after a click anywhere in the app (a prompt on
 * page load is what browsers and people punish), and only once per page.
 */
export function useBrowserNotifications(store: ChatStore): void {
  const asked = useRef(false);
  const lastTotal = useRef<number | null>(null);

  useEffect(() => {
    if (typeof Notification === 'undefined') return;
    const ask = () => {
      if (asked.current || Notification.permission !== 'default') return;
      asked.current = true;
      void Notification.requestPermission();
    };
    document.addEventListener('click', ask, { once: true });
    return () => {
      document.removeEventListener('click', ask);
    };
  }, []);

  useEffect(() => {
    if (typeof Notification === 'undefined') return undefined;
    return store.subscribe(() => {
      const snapshot = store.getSnapshot();
      const total = totalUnread(snapshot.unread);
      const previous = lastTotal.current;
      lastTotal.current = total;
      if (previous === null || total <= previous) return;
      if (document.visibilityState !== 'hidden' || Notification.permission !== 'granted') return;
      // The conversation whose count grew most recently: its last message is the news.
      const newest = Object.values(snapshot.conversations)
        .map((c) => c.messages[c.messages.length - 1] ?? c.lastMessage)
        .filter((m) => m !== undefined)
        .sort((a, b) => (b.sent?.timestamp ?? 0) - (a.sent?.timestamp ?? 0))[0];
      const sender = newest?.displayNames?.sender ?? 'New message';
      const body = newest?.body
        ? messagePreview(decodeMessageBody(newest.subject, newest.body).content)
        : '';
      // Text only: the Notification API renders plain text, never HTML.
      new Notification(sender, { body, tag: 'pando-message' });
    });
  }, [store]);
}
