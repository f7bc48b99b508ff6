import type { CurrentUser, Viewer } from '@pando/domain';

/**
 * The main menu's gates read plain flag maps; the API's flag objects may carry other values too.
 * The shell's menu and the first paint's (app/firstPaint.ts) read the signed-in user through it.
 */
export function menuViewer(user: CurrentUser): Viewer {
  const flags = (map: Record<string, unknown> | null | undefined) =>
    Object.fromEntries(Object.entries(map ?? {}).map(([key, on]) => [key, on === true]));
  return {
    access_level: user.access_level,
    features: flags(user.features),
    premium_features: flags(user.premium_features),
  };
}
