import { createContext, useContext } from 'react';
import type { OfflineCopy } from './OfflineCopy';

/** The page's offline copy (the web app only; the demo and the stories run without one). */
export const OfflineCopyContext = createContext<OfflineCopy | undefined>(undefined);

export function useOfflineCopy(): OfflineCopy | undefined {
  return useContext(OfflineCopyContext);
}
