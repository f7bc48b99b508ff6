import { TEXTS } from '../texts/texts';
import { formatTime } from '../time/format';

export interface CopyFreshnessInput {
  /** The browser has a network. */
  online: boolean;
  /** The live answer is being asked for. */
  fetching: boolean;
  /** When the answer on screen was fetched (ms since epoch); 0 = nothing on screen. */
  updatedAt: number;
  /** When this page started: an answer fetched before it came from the offline copy. */
  pageStartedAt: number;
  /**
   * The last attempt at the live answer failed (a server error, a dead uplink while the browser
   * reports a network): what is on screen is older than it looks.
   */
  refreshFailed?: boolean;
}

/**
 * Issue 37: the quiet line above a list shown from the offline copy, so an answer is never taken
 * for fresh when it is not: "Offline — last updated 10:42" with no network, "Updating…" while the
 * live answer for a copied one loads, "Could not update — last updated 10:42" when the live
 * answer could not be had with a network (session 34: before, a copied answer whose refresh
 * failed online showed no line at all, as if fresh), nothing once the live one is in (or nothing
 * is shown).
 */
export function copyFreshness(input: CopyFreshnessInput): string | null {
  if (input.updatedAt === 0) return null;
  const updated = formatTime(new Date(input.updatedAt));
  if (!input.online) return TEXTS.copyOffline(updated);
  const copied = input.updatedAt < input.pageStartedAt;
  if (copied && input.fetching) return TEXTS.copyUpdating;
  if (input.refreshFailed) return TEXTS.copyNotUpdated(updated);
  return null;
}
