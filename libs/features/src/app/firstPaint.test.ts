import type { BootCopy } from '@pando/data-access';
import { describe, expect, it } from 'vitest';
import {
  firstPaintView,
  keptPaintFor,
  paintContext,
  paintKey,
  type PaintPlace,
} from './firstPaint';

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

const BUILD = '/assets/index-1.js';
// Where the web app rendered the list for the next visit (paintSnapshot.tsx): online, before it.
const rendered: PaintPlace = {
  productName: 'Pando',
  chatDomain: 'pando.test',
  build: BUILD,
  online: true,
  pageStartedAt: Number.POSITIVE_INFINITY,
};
const kept = {
  html: '<nav></nav>',
  menuHtml: '<nav></nav>',
  context: paintContext(rendered, SAVED),
  from: { queries: SAVED, chat: null },
};
// The next visit, a minute later, online.
const page: PaintPlace = { ...rendered, pageStartedAt: SAVED + 60_000 };

describe('the list kept rendered is shown only where it shows what React would (issue 37)', () => {
  it('is shown by the same build, product and chat domain, online, on a later page', () => {
    expect(keptPaintFor(kept, page)).toBe(kept);
  });

  it('is not shown offline (its line says "Updating…"), nor for a copy saved after the page started', () => {
    expect(keptPaintFor(kept, { ...page, online: false })).toBeUndefined();
    expect(keptPaintFor(kept, { ...page, pageStartedAt: SAVED - 1 })).toBeUndefined();
  });

  it('is not shown by another version of the app (its markup may not match the styles), product name or chat domain', () => {
    expect(keptPaintFor(kept, { ...page, build: '/assets/index-2.js' })).toBeUndefined();
    expect(keptPaintFor(kept, { ...page, productName: 'Pando Hospital' })).toBeUndefined();
    expect(keptPaintFor(kept, { ...page, chatDomain: 'other.test' })).toBeUndefined();
    expect(keptPaintFor(undefined, page)).toBeUndefined();
  });

  it('is rendered again when an unread count, a row or the person changed (its key changes)', () => {
    const key = (c: BootCopy) =>
      paintKey(firstPaintView(c, 'pando.test', true, Number.POSITIVE_INFINITY), 'Pando', BUILD);
    const unread = { ...copy, unread: { 'bob@pando.test': 3 } };
    const renamed = {
      ...copy,
      lists: { ...copy.lists, teams: [{ ...copy.lists.teams[0], name: 'Ward 8' }] },
    } as BootCopy;
    const other = { ...copy, user: { ...copy.user, first_name: 'Alicia' } };
    for (const changed of [unread, renamed, other]) expect(key(changed)).not.toBe(key(copy));
    expect(key({ ...copy })).toBe(key(copy));
  });
});
