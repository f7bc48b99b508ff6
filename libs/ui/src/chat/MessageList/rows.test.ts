import { buildTimeline } from '@pando/domain';
import { describe, expect, it } from 'vitest';
import { manyMessages, STORY_NOW } from '../../testing/chatFixtures';
import { dayLabel, prependedCount, timelineRows } from './rows';

describe('timelineRows', () => {
  it('gives one row per message plus date separators, headers only on group starts', () => {
    const messages = manyMessages(200);
    const rows = timelineRows(buildTimeline(messages));
    const messageRows = rows.filter((r) => r.type === 'message');
    expect(messageRows).toHaveLength(200);
    expect(rows.filter((r) => r.type === 'date').length).toBeGreaterThan(0);
    expect(messageRows.filter((r) => r.showHeader).length).toBeLessThan(200);
  });

  it('counts rows prepended above the previous first row, so the scroll position holds', () => {
    const all = timelineRows(buildTimeline(manyMessages(50)));
    const older = all.slice(0, 20);
    const newer = all.slice(20);
    expect(prependedCount(newer[0]?.key, [...older, ...newer])).toBe(20);
    expect(prependedCount(undefined, all)).toBe(0);
    expect(prependedCount(all[0]?.key, [...all, ...all.slice(0, 0)])).toBe(0);
  });
});

describe('dayLabel', () => {
  it('says Today, Yesterday, or dd/mm/yyyy', () => {
    expect(dayLabel('2026-03-14', STORY_NOW)).toBe('Today');
    expect(dayLabel('2026-03-13', STORY_NOW)).toBe('Yesterday');
    expect(dayLabel('2026-02-28', STORY_NOW)).toBe('28/02/2026');
  });
});
