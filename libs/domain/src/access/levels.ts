import { z } from 'zod';
import { ACCESS_LEVELS } from './constants';

export const AccessLevelSchema = z.enum(ACCESS_LEVELS);
export type AccessLevel = z.infer<typeof AccessLevelSchema>;

/** Position of a level in the ascending order; unknown strings rank below USER. */
export function accessRank(level: string): number {
  return (ACCESS_LEVELS as readonly string[]).indexOf(level);
}

/** Spec 01 §6: "Access-level check passes when the user's level is at or above the required one." */
export function hasAccess(level: string | null | undefined, required: AccessLevel): boolean {
  if (level == null) return false;
  const rank = accessRank(level);
  return rank >= 0 && rank >= accessRank(required);
}

export function isAccessLevel(value: unknown): value is AccessLevel {
  return AccessLevelSchema.safeParse(value).success;
}
