import { createContext, useContext } from 'react';
import type { CurrentUser } from '@pando/domain';

/**
 * The signed-in user, provided by `SessionGate`. Apart from the gate so that the screens that read
 * it do not import the gate itself: the shell loads the gate lazily (app/signedInScreens.tsx).
 */
export const ViewerContext = createContext<CurrentUser | null>(null);

/** The signed-in user; only inside `SessionGate`. */
export function useViewer(): CurrentUser {
  const viewer = useContext(ViewerContext);
  if (!viewer) throw new Error('useViewer() needs a <SessionGate> above it.');
  return viewer;
}
