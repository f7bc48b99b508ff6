import { useEffect, useState } from 'react';
import { LAST_ACTIVE_REFRESH_MS, lastActiveText } from '@pando/domain';

/**
 * The chat header's last-active text (spec 01 §2, refreshed every 15 s, §9). The chat store asks
 * the server (`jabber:iq:last`) every 15 s; this re-reads the clock on the same beat, so "2
 * minutes ago" keeps moving even while the answer stays the same.
 *
 * @param lastActiveAt when the other person was last active (ms since epoch; now while online),
 *   null when unknown, undefined before the first answer.
 */
export function useLastActiveLabel(lastActiveAt: number | null | undefined): string | undefined {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (lastActiveAt === undefined) return;
    setNow(Date.now());
    const timer = setInterval(() => {
      setNow(Date.now());
    }, LAST_ACTIVE_REFRESH_MS);
    return () => {
      clearInterval(timer);
    };
  }, [lastActiveAt]);
  if (lastActiveAt === undefined) return undefined;
  const secondsAgo = lastActiveAt === null ? null : Math.max(0, (now - lastActiveAt) / 1000);
  return lastActiveText(secondsAgo, new Date(now));
}
