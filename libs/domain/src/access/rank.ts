import { ACCESS_LEVELS } from './constants';

// Zod-free (the schema is levels.ts'): the menu's gates and the team rules run in the web app's
// first paint, before zod has loaded (issue 37).

/** Position of a level in the ascending order; unknown strings rank below USER. */
export function accessRank(level: string): number {
  return (ACCESS_LEVELS as readonly string[]).indexOf(level);
}

/** Spec 01 §6: "Access-level check passes when the user's level is at or above the required one." */
export function hasAccess(
  level: string | null | undefined,
  required: (typeof ACCESS_LEVELS)[number],
): boolean {
  if (level == null) return false;
  const rank = accessRank(level);
  return rank >= 0 && rank >= accessRank(required);
}
