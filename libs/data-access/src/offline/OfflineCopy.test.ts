import type { OfflineKeyResponse } from '@pando/domain';
import { describe, expect, it } from 'vitest';
import { NotFoundError, ServerError, UnauthorisedError } from '../http/errors';
import { COPY_KEY_ITEM, OfflineCopy } from './OfflineCopy';
import type { RecordStore } from './records';
import type { SealedRecord } from './crypto';
import { MemoryStorage } from './testing/memoryStorage';

class MemoryRecordStore implements RecordStore {
  readonly records = new Map<string, SealedRecord>();
  getAll() {
    return Promise.resolve(new Map(this.records));
  }
  put(name: string, record: SealedRecord) {
    this.records.set(name, record);
    return Promise.resolve();
  }
  clear() {
    this.records.clear();
    return Promise.resolve();
  }
}

const KEY_A = 'A'.repeat(43);
const KEY_B = 'B'.repeat(43);
const NOW = Date.parse('2026-11-28T10:00:00Z');

function keyAnswer(key: string, patients = true, expiresAt = NOW + 3_600_000): OfflineKeyResponse {
  return {
    key,
    expires_at: new Date(expiresAt).toISOString(),
    offline_patient_data: patients,
  };
}

/** One browser: its IndexedDB records and a tab's sessionStorage, shared by the page loads. */
function browser() {
  const records = new MemoryRecordStore();
  const tab = new MemoryStorage();
  let online = true;
  let now = NOW;
  let server: () => Promise<OfflineKeyResponse> = () => Promise.resolve(keyAnswer(KEY_A));
  const page = () =>
    new OfflineCopy({
      fetchKey: () => server(),
      records,
      keyStorage: tab,
      isOnline: () => online,
      now: () => now,
      writeDelayMs: 0,
    });
  return {
    records,
    tab,
    page,
    setOnline: (v: boolean) => (online = v),
    setNow: (v: number) => (now = v),
    answer: (f: () => Promise<OfflineKeyResponse>) => (server = f),
  };
}

describe('the offline copy (issue 37)', () => {
  it('stores each value with the time it was written, also when another write comes while it is sealed', async () => {
    const b = browser();
    let now = NOW;
    const page = new OfflineCopy({
      fetchKey: () => Promise.resolve(keyAnswer(KEY_A)),
      records: b.records,
      keyStorage: b.tab,
      isOnline: () => true,
      now: () => now,
      // Flushed by the test alone.
      writeDelayMs: 60_000,
    });
    await page.open();
    page.write('queries', { lists: 1 });
    page.write('chat', { unread: 1 });
    const flushed = page.flush();
    // While the first value is being sealed: a newer chat, written later.
    now = NOW + 5_000;
    page.write('chat', { unread: 2 });
    await flushed;
    // On disk now: the older chat with its own time, never with the newer one (a copy would
    // claim to be newer than it is: "Offline — last updated …").
    const between = b.page();
    await between.open();
    expect(between.read('chat')).toEqual({ value: { unread: 1 }, savedAt: NOW });
    await page.flush();
    const after = b.page();
    await after.open();
    expect(after.read('chat')).toEqual({ value: { unread: 2 }, savedAt: NOW + 5_000 });
  });

  it('never stores an older value over a newer one: a flush waits for the one before it', async () => {
    const b = browser();
    // The first record's store is slow (a busy disk): it finishes when the test says.
    let started: () => void = () => undefined;
    const firstStarted = new Promise<void>((resolve) => (started = resolve));
    let finishFirst: () => void = () => undefined;
    const firstFinished = new Promise<void>((resolve) => (finishFirst = resolve));
    let puts = 0;
    const slowFirst: RecordStore = {
      getAll: () => b.records.getAll(),
      clear: () => b.records.clear(),
      put: async (name, record) => {
        if (puts++ === 0) {
          started();
          await firstFinished;
        }
        await b.records.put(name, record);
      },
    };
    const page = new OfflineCopy({
      fetchKey: () => Promise.resolve(keyAnswer(KEY_A)),
      records: slowFirst,
      keyStorage: b.tab,
      isOnline: () => true,
      now: () => NOW,
      writeDelayMs: 60_000,
    });
    await page.open();
    page.write('chat', { unread: 1 });
    const older = page.flush();
    await firstStarted;
    // A newer value, flushed as the page is left (pagehide) while the older one is stored. It is
    // given time to be stored first, as it was before flushes waited for each other.
    page.write('chat', { unread: 2 });
    const newer = page.flush();
    await Promise.race([newer, new Promise((r) => setTimeout(r, 50))]);
    finishFirst();
    await Promise.all([older, newer]);

    const next = b.page();
    await next.open();
    expect(next.read('chat')?.value).toEqual({ unread: 2 });
  });

  it('keeps values encrypted at rest and reads them back after an offline reload', async () => {
    const b = browser();
    const first = b.page();
    await first.open();
    first.write('queries', { patient: 'Ada Lovelace', notes: 'penicillin allergy' });
    await first.flush();

    const stored = [...b.records.records.values()][0];
    expect(stored).toBeDefined();
    const bytes = new TextDecoder().decode(stored?.data);
    expect(bytes).not.toContain('Lovelace');
    expect(bytes).not.toContain('penicillin');

    b.setOnline(false);
    const reload = b.page();
    await reload.open();
    expect(reload.read('queries')?.value).toEqual({
      patient: 'Ada Lovelace',
      notes: 'penicillin allergy',
    });
  });

  it('cannot be read in a new tab without the network: the key lives with the tab and the server', async () => {
    const b = browser();
    const first = b.page();
    await first.open();
    first.write('chat', { last: 'handover at 7' });
    await first.flush();

    b.tab.items.clear(); // a new tab (or the browser was closed)
    b.setOnline(false);
    const other = b.page();
    await other.open();
    expect(other.isOpen).toBe(false);
    expect(other.read('chat')).toBeUndefined();
  });

  it('logout wipes the records and the tab’s key; a new visit offline shows nothing', async () => {
    const b = browser();
    const copy = b.page();
    await copy.open();
    copy.write('chat', { last: 'handover at 7' });
    await copy.flush();
    await copy.wipe();
    expect(b.records.records.size).toBe(0);
    expect(b.tab.getItem(COPY_KEY_ITEM)).toBeNull();
    expect(copy.read('chat')).toBeUndefined();
    copy.write('chat', { late: true });
    await copy.flush();
    expect(b.records.records.size).toBe(0);

    b.setOnline(false);
    const next = b.page();
    await next.open();
    expect(next.read('chat')).toBeUndefined();
  });

  it('a refused session (401: expired, blocked, signed out everywhere) wipes the copy', async () => {
    const b = browser();
    const copy = b.page();
    await copy.open();
    copy.write('chat', { last: 'handover at 7' });
    await copy.flush();

    b.answer(() =>
      Promise.reject(
        new UnauthorisedError('Unauthorised', {
          method: 'GET',
          path: '/login/offline-key',
          status: 401,
        }),
      ),
    );
    const reload = b.page();
    await reload.open(); // the tab's key opens it at once, the server then refuses the session
    await new Promise((r) => setTimeout(r, 0));
    expect(b.records.records.size).toBe(0);
    expect(b.tab.getItem(COPY_KEY_ITEM)).toBeNull();
    expect(reload.read('chat')).toBeUndefined();
  });

  it('records sealed with another session’s key are removed, not shown', async () => {
    const b = browser();
    const copy = b.page();
    await copy.open();
    copy.write('chat', { owner: 'alice' });
    await copy.flush();

    b.tab.items.clear();
    b.answer(() => Promise.resolve(keyAnswer(KEY_B))); // bob signs in on the same computer
    const bobs = b.page();
    await bobs.open();
    expect(bobs.isOpen).toBe(true);
    expect(bobs.read('chat')).toBeUndefined();
    expect(b.records.records.size).toBe(0);
  });

  it('is wiped once the session’s expiry has passed, even offline', async () => {
    const b = browser();
    const copy = b.page();
    await copy.open();
    copy.write('chat', { last: 'handover at 7' });
    await copy.flush();

    b.setOnline(false);
    b.setNow(NOW + 3_600_001);
    const later = b.page();
    await later.open();
    expect(later.read('chat')).toBeUndefined();
    expect(b.records.records.size).toBe(0);
  });

  it('tells whether the organisation allows patient data offline', async () => {
    const b = browser();
    b.answer(() => Promise.resolve(keyAnswer(KEY_A, false)));
    const copy = b.page();
    await copy.open();
    expect(copy.patientDataAllowed).toBe(false);
  });
});

describe('which answers the copy keeps', () => {
  it('keeps the session, the chat panes and, when allowed, the patients opened; never searches or admin', async () => {
    const { keptInCopy } = await import('./queries');
    const always = [
      ['auth', 'current-user'],
      ['teams', 'with-advice-conversations'],
      ['teams', 'detail', 3],
      ['advice', 'detail', 1, 2],
      ['users', 'detail', 'u'],
    ];
    const patients = [
      ['patient-cards', 'list'],
      ['patient-cards', 'detail', 4],
      ['patients', 'detail', 4],
    ];
    const never = [
      ['patient-cards', 'list', 'search', 'Ada'],
      ['admin', 'users'],
      ['analytics', 'x'],
      ['search', 'results'],
    ];
    for (const key of always) expect(keptInCopy(key, false)).toBe(true);
    for (const key of patients) {
      expect(keptInCopy(key, true)).toBe(true);
      expect(keptInCopy(key, false)).toBe(false);
    }
    for (const key of never) expect(keptInCopy(key, true)).toBe(false);
  });

  it('are the answers the cache keeps while the page lives, from the first visit on; the rest goes after gcTime', async () => {
    const { QueryClient } = await import('@tanstack/react-query');
    const { keptInCopy, restoreQueries } = await import('./queries');
    const b = browser();
    const firstVisit = b.page(); // nothing saved yet
    await firstVisit.open();
    const client = new QueryClient({ defaultOptions: { queries: { gcTime: 10 } } });
    restoreQueries(client, firstVisit);
    const keys = [
      ['auth', 'current-user'],
      ['teams', 'with-advice-conversations'],
      ['teams', 'detail', 3],
      ['teams', 'members', 3],
      ['advice', 'detail', 1, 2],
      ['users', 'detail', 'u'],
      ['wards', 'St Mary'],
      ['patient-cards', 'list'],
      ['patient-cards', 'detail', 4],
      ['patients', 'detail', 4],
      ['patient-cards', 'list', 'search', 'Ada'],
      ['admin', 'users'],
      ['users', 'statuses', []],
    ];
    for (const key of keys) {
      const { gcTime } = client.defaultQueryOptions({ queryKey: key });
      expect([key, gcTime]).toEqual([key, keptInCopy(key, true) ? Infinity : 10]);
    }
  });
});

describe('answers restored from the copy', () => {
  it('are shown at once but count as stale, whatever their age, so a page load asks again', async () => {
    const { QueryClient } = await import('@tanstack/react-query');
    const { persistQueries, restoreQueries } = await import('./queries');
    const b = browser();
    const copy = b.page();
    await copy.open();
    const first = new QueryClient();
    const stop = persistQueries(first, copy);
    first.setQueryData(['patient-cards', 'list'], [{ id: 4, title: 'Ada' }]);
    stop();
    await copy.flush();

    const reload = b.page();
    await reload.open();
    const next = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
    restoreQueries(next, reload);
    const state = next.getQueryState(['patient-cards', 'list']);
    expect(next.getQueryData(['patient-cards', 'list'])).toEqual([{ id: 4, title: 'Ada' }]);
    expect(state?.isInvalidated).toBe(true);
  });
  it('a restored answer no screen shows stays in the copy when the cache lets unused answers go', async () => {
    const { QueryClient } = await import('@tanstack/react-query');
    const { persistQueries, restoreQueries } = await import('./queries');
    const b = browser();
    // The visit: a card opened, stored.
    const visit = b.page();
    await visit.open();
    const first = new QueryClient();
    const stopFirst = persistQueries(first, visit);
    first.setQueryData(['patient-cards', 'detail', 4], { id: 4, title: 'Ada' });
    stopFirst();
    await visit.flush();

    // The next page (the chat) restores the card and never shows it. Its cache lets unused
    // answers go after gcTime (5 min in a browser; 10 ms here, where React Query would keep them
    // for ever), and the copy is saved again when the sidebar's lists arrive.
    const chat = b.page();
    await chat.open();
    const second = new QueryClient({ defaultOptions: { queries: { gcTime: 10 } } });
    restoreQueries(second, chat);
    const stop = persistQueries(second, chat);
    await new Promise((r) => setTimeout(r, 50));
    second.setQueryData(['teams', 'with-advice-conversations'], { teams: [] });
    // What is not kept still goes after gcTime: a search.
    second.setQueryData(['patient-cards', 'list', 'search', 'Ada'], []);
    await new Promise((r) => setTimeout(r, 50));
    stop();
    await chat.flush();
    expect(second.getQueryData(['patient-cards', 'list', 'search', 'Ada'])).toBeUndefined();

    // The card's address, bookmarked, opened offline: still in the copy.
    b.setOnline(false);
    const bookmark = b.page();
    await bookmark.open();
    const third = new QueryClient();
    restoreQueries(third, bookmark);
    expect(third.getQueryData(['patient-cards', 'detail', 4])).toEqual({ id: 4, title: 'Ada' });
  });
  it('a restored answer whose refresh fails offline stays in the copy; one deleted or no longer shared (404/403) leaves it', async () => {
    const { QueryClient } = await import('@tanstack/react-query');
    const { persistQueries, restoreQueries } = await import('./queries');
    const b = browser();
    const visit = b.page();
    await visit.open();
    const first = new QueryClient();
    const stopFirst = persistQueries(first, visit);
    first.setQueryData(['patient-cards', 'detail', 4], { id: 4, title: 'Ada' });
    first.setQueryData(['patient-cards', 'detail', 5], { id: 5, title: 'Grace' });
    stopFirst();
    await visit.flush();

    // A page in a dead zone: the card's refresh finds no network; the other card was deleted.
    const dead = b.page();
    await dead.open();
    const second = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    restoreQueries(second, dead);
    const stop = persistQueries(second, dead);
    const request = { method: 'GET', path: '/cards/4' };
    await second
      .query({
        queryKey: ['patient-cards', 'detail', 4],
        queryFn: () => Promise.reject(new ServerError('No connection', { ...request, status: 0 })),
      })
      .catch(() => undefined);
    await second
      .query({
        queryKey: ['patient-cards', 'detail', 5],
        queryFn: () =>
          Promise.reject(
            new NotFoundError('Not found', { ...request, path: '/cards/5', status: 404 }),
          ),
      })
      .catch(() => undefined);
    expect(second.getQueryState(['patient-cards', 'detail', 4])?.status).toBe('error');
    const restored = async () => {
      await dead.flush();
      const bookmark = b.page();
      await bookmark.open();
      const client = new QueryClient();
      restoreQueries(client, bookmark);
      return client;
    };
    // The deleted card has left the copy at once; the other is still there.
    const afterGone = await restored();
    expect(afterGone.getQueryData(['patient-cards', 'detail', 5])).toBeUndefined();
    expect(afterGone.getQueryData(['patient-cards', 'detail', 4])).toEqual({ id: 4, title: 'Ada' });

    // Another kept answer arrives (the network is back for a moment): the copy is saved again.
    second.setQueryData(['teams', 'with-advice-conversations'], { teams: [] });
    stop();
    const later = await restored();
    expect(later.getQueryData(['patient-cards', 'detail', 4])).toEqual({ id: 4, title: 'Ada' });
    // Restored as an answer, not as a failure a screen would show as one.
    expect(later.getQueryState(['patient-cards', 'detail', 4])?.status).toBe('success');
    expect(later.getQueryState(['patient-cards', 'detail', 4])?.error).toBeNull();
    expect(later.getQueryData(['patient-cards', 'detail', 5])).toBeUndefined();
  });
});
