import type { BootCopy } from '@pando/data-access';
import { describe, expect, it } from 'vitest';
import { firstPaintView, matchingPaint, paintKey } from './firstPaint';

const SAVED = Date.parse('2026-11-29T10:00:00Z');
const copy: BootCopy = {
  lists: {
    teams: [{ id: 7, name: 'Ward 7', mim_id: 'ward7', discoverable: false, auto_accept: false }],
    forums: [],
    advice_conversations: [],
  },
  user: { id: 1, first_name: 'Alice', last_name: 'Anderson', access_level: 'USER' },
  savedAt: SAVED,
  directs: [{ address: 'bob@pando.test', userId: 'bob', name: 'Bob Baker' }],
  unread: { 'bob@pando.test': 2 },
} as unknown as BootCopy;

// What the web app kept when it rendered the list (paintSnapshot.tsx): online, before this page.
const kept = {
  html: '<nav></nav>',
  menuHtml: '<nav></nav>',
  key: paintKey(
    firstPaintView(copy, 'pando.test', true, Number.POSITIVE_INFINITY),
    'Pando',
    '/assets/index-1.js',
  ),
};
const pageStartedAt = SAVED + 60_000;
const BUILD = '/assets/index-1.js';

describe('the list kept rendered is shown only when it is what React would render (issue 37)', () => {
  it('is shown for the same lists, counts and freshness', () => {
    const view = firstPaintView(copy, 'pando.test', true, pageStartedAt);
    expect(matchingPaint(kept, view, 'Pando', BUILD)).toBe(kept);
  });

  it('is not shown when an unread count, a row or the person changed since it was rendered', () => {
    const unread = { ...copy, unread: { 'bob@pando.test': 3 } };
    const renamed = {
      ...copy,
      lists: { ...copy.lists, teams: [{ ...copy.lists.teams[0], name: 'Ward 8' }] },
    } as BootCopy;
    const other = { ...copy, user: { ...copy.user, first_name: 'Alicia' } };
    for (const changed of [unread, renamed, other])
      expect(
        matchingPaint(
          kept,
          firstPaintView(changed, 'pando.test', true, pageStartedAt),
          'Pando',
          BUILD,
        ),
      ).toBeUndefined();
  });

  it('is not shown offline (its line says "Updating…"), for another product name, or without a view', () => {
    const offline = firstPaintView(copy, 'pando.test', false, pageStartedAt);
    expect(matchingPaint(kept, offline, 'Pando', BUILD)).toBeUndefined();
    const view = firstPaintView(copy, 'pando.test', true, pageStartedAt);
    expect(matchingPaint(kept, view, 'Pando Hospital', BUILD)).toBeUndefined();
    expect(matchingPaint(kept, undefined, 'Pando', BUILD)).toBeUndefined();
    expect(matchingPaint(undefined, view, 'Pando', BUILD)).toBeUndefined();
  });

  it('is not shown by another version of the app (its markup may not match the styles)', () => {
    const view = firstPaintView(copy, 'pando.test', true, pageStartedAt);
    expect(matchingPaint(kept, view, 'Pando', '/assets/index-2.js')).toBeUndefined();
  });
});
