import { useChatOffline } from '@pando/data-access';
import { OfflineBanner } from '@pando/ui';

/**
 * Spec 01 §3 "offline flag" shown (spec 01 §8 notice): the browser has no network. The toast
 * says it once; this stays while it lasts. Messages written meanwhile wait in the outbox (the
 * composer says so, `TEXTS.offlineQueued`).
 */
export function ChatOfflineBanner() {
  return <OfflineBanner offline={useChatOffline()} />;
}
