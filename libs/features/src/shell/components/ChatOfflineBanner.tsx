import { useChatUnreachable } from '@pando/data-access';
import { OfflineBanner } from '@pando/ui';

/**
 * Spec 01 §3 "offline flag" shown (spec 01 §8 notice) for as long as messages can't be sent: the
 * browser has no network, or the chat server cannot be reached (a restart, a dead zone the
 * browser does not notice). The toast says it once and closes after a few seconds; this stays
 * until the connection is back, so a clinician who looks up a minute later still sees why
 * nothing arrives. Messages written meanwhile wait in the outbox (the composer says so,
 * `TEXTS.offlineQueued`).
 *
 * Decision (session 24): before, the banner followed only the browser's network, so during a
 * server restart the only sign was a 6 s toast; the reconnect e2e spec missed it once on a loaded
 * host, and so would a person who looked away.
 */
export function ChatOfflineBanner() {
  return <OfflineBanner offline={useChatUnreachable()} />;
}
