import { act, renderHook } from '@testing-library/react';
import { LAST_ACTIVE_REFRESH_MS } from '@pando/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLastActiveLabel } from './useLastActiveLabel';

describe('useLastActiveLabel (spec 01 §2 chat header, §9 last-active refresh 15 s)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 2, 14, 10, 30, 0));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refreshes the last-active time every 15 s, even while the server answer stays the same', () => {
    const at = Date.now() - 40_000; // went offline 40 s ago
    const { result } = renderHook(() => useLastActiveLabel(at));
    expect(result.current).toBe('40 seconds ago');
    act(() => {
      vi.advanceTimersByTime(LAST_ACTIVE_REFRESH_MS - 1);
    });
    expect(result.current).toBe('40 seconds ago');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe('55 seconds ago');
    act(() => {
      vi.advanceTimersByTime(LAST_ACTIVE_REFRESH_MS * 2);
    });
    expect(result.current).toBe('about a minute ago');
  });

  it('says "Unknown" for someone never seen and nothing before the first answer', () => {
    expect(renderHook(() => useLastActiveLabel(null)).result.current).toBe('Unknown');
    expect(renderHook(() => useLastActiveLabel(undefined)).result.current).toBeUndefined();
  });

  it('stops its timer when the conversation closes', () => {
    const { unmount } = renderHook(() => useLastActiveLabel(Date.now()));
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
