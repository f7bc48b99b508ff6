import { useEffect } from 'react';

/** `(3) Pando` with unread messages, `Pando` without (spec issue 10: title shows the unread total). */
function unreadTitle(productName: string, unread: number): string {
  return unread > 0 ? `(${unread > 99 ? '99+' : unread}) ${productName}` : productName;
}

export function useDocumentTitle(productName: string, unread: number): void {
  useEffect(() => {
    document.title = unreadTitle(productName, unread);
  }, [productName, unread]);
}
