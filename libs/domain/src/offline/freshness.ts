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
}

/**
 * Issue 37: the quiet line above a list shown from the offline copy, so an answer is never taken
 * for fresh when it is not: "Offline — last updated 10:42" with no network, "Updating…" while the
 * live answer for a copied one loads, nothing once the live one is in (or nothing is shown).
 */
export function copyFreshness(input: CopyFreshnessInput): string | null {
  if (input.updatedAt === 0) return null;
  if (!input.online) return TEXTS.copyOffline(formatTime(new Date(input.updatedAt)));
  if (input.updatedAt < input.pageStartedAt && input.fetching) return TEXTS.copyUpdating;
  return null;
}
