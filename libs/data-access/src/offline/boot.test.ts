import { QueryClient } from '@tanstack/react-query';
import type { OfflineKeyResponse } from '@pando/domain';
import { describe, expect, it, vi } from 'vitest';
import { authKeys } from '../api/login';
import { teamKeys } from '../api/teams';
import { openBootCopy, type BootCopyOptions } from './boot';
import type { SealedRecord } from './crypto';
import { COPY_KEY_ITEM, OfflineCopy } from './OfflineCopy';
import { persistQueries } from './queries';
import type { RecordStore } from './records';
import { MemoryStorage } from './testing/memoryStorage';

const readBootCopy = (options: BootCopyOptions) => openBootCopy(options).copy;

// A base64url 32-byte key per session.
const KEY_A = 'A'.repeat(43);
const KEY_B = 'B'.repeat(43);
const NOW = Date.parse('2026-11-29T10:00:00Z');
const keyAnswer = (key: string, expiresAt = NOW + 3_600_000): OfflineKeyResponse => ({
  key,
  expires_at: new Date(expiresAt).toISOString(),
  offline_patient_data: true,
});

const lists = {
  teams: [{ id: 7, name: 'Ward 7', mim_id: 'ward7', discoverable: false, auto_accept: false }],
  forums: [],
  advice_conversations: [],
};
const user = { id: 1, first_name: 'Alice', last_name: 'Anderson', access_level: 'user' };

/**
 * What a visit leaves behind, written by the app's own writer (`OfflineCopy` + `persistQueries`)
 * with `key`: the IndexedDB records (here in memory).
 */
async function visitWith(key: string, paint?: unknown) {
  const records = new Map<string, SealedRecord>();
  const store: RecordStore = {
    getAll: () => Promise.resolve(new Map(records)),
    put: (name, record) => {
      records.set(name, record);
      return Promise.resolve();
    },
    clear: () => {
      records.clear();
      return Promise.resolve();
    },
  };
  const copy = new OfflineCopy({
    fetchKey: () => Promise.resolve(keyAnswer(key)),
    records: store,
    isOnline: () => true,
    now: () => NOW,
  });
  await copy.open();
  const client = new QueryClient();
  const stop = persistQueries(client, copy);
  client.setQueryData(teamKeys.lists(), lists);
  client.setQueryData(authKeys.currentUser(), user);
  // The chat's part, as `chatCopyOf` keeps it: bob wrote twice, unread.
  copy.write('chat', {
    conversations: [
      {
        address: 'bob@pando.test',
        type: 'chat',
        messages: [
          {
            id: 'm1',
            from: 'bob@pando.test/web',
            to: 'alice@pando.test',
            type: 'chat',
            body: 'Bed 4 bloods?',
            displayNames: { sender: 'Bob Baker', recipient: 'Alice Anderson' },
          },
        ],
      },
    ],
    unread: { 'bob@pando.test': 2 },
    delivery: {},
  });
  if (paint !== undefined) copy.write('paint', paint);
  await copy.flush();
  stop();
  return (name: string) => Promise.resolve(records.get(name));
}

describe('openBootCopy().copy (the chat list before the app, issue 37)', () => {
  it("a new tab asks for the session's key, opens the lists and the person, and keeps the key for the app", async () => {
    const readRecord = await visitWith(KEY_A);
    const tab = new MemoryStorage();
    const fetchKey = vi.fn(() => Promise.resolve(keyAnswer(KEY_A)));
    const boot = await readBootCopy({ fetchKey, keyStorage: tab, readRecord, now: () => NOW });
    expect(boot?.lists.teams.map((t) => t.name)).toEqual(['Ward 7']);
    expect(boot?.user.first_name).toBe('Alice');
    expect(boot?.savedAt).toBe(NOW);
    // Direct conversations and unread counts from the chat's part (the app's `directsOf`).
    expect(boot?.directs).toEqual([
      { address: 'bob@pando.test', userId: 'bob', name: 'Bob Baker' },
    ]);
    expect(boot?.unread).toEqual({ 'bob@pando.test': 2 });
    expect(fetchKey).toHaveBeenCalledTimes(1);
    expect(JSON.parse(tab.getItem(COPY_KEY_ITEM) ?? '{}')).toMatchObject({ key: KEY_A });
  });

  it('a reload in the tab opens the copy with the kept key, without a request (offline too)', async () => {
    const readRecord = await visitWith(KEY_A);
    const tab = new MemoryStorage();
    tab.setItem(COPY_KEY_ITEM, JSON.stringify(keyAnswer(KEY_A)));
    const fetchKey = vi.fn(() => Promise.resolve(undefined));
    const boot = await readBootCopy({ fetchKey, keyStorage: tab, readRecord, now: () => NOW });
    expect(boot?.lists.teams).toHaveLength(1);
    expect(fetchKey).not.toHaveBeenCalled();
  });

  it('shows nothing without a copy (a first visit), and keeps the key it asked for, for the app', async () => {
    const tab = new MemoryStorage();
    const boot = await readBootCopy({
      fetchKey: () => Promise.resolve(keyAnswer(KEY_A)),
      keyStorage: tab,
      readRecord: () => Promise.resolve(undefined),
      now: () => NOW,
    });
    expect(boot).toBeUndefined();
    // The app's copy finds it kept, as `OfflineCopy` keeps it, and opens with it at once.
    await vi.waitFor(() => {
      expect(JSON.parse(tab.getItem(COPY_KEY_ITEM) ?? 'null')).toEqual(keyAnswer(KEY_A));
    });
  });

  it('a first visit whose key is refused keeps nothing', async () => {
    const tab = new MemoryStorage();
    const boot = await readBootCopy({
      fetchKey: () => Promise.resolve(undefined),
      keyStorage: tab,
      readRecord: () => Promise.resolve(undefined),
      now: () => NOW,
    });
    expect(boot).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(tab.getItem(COPY_KEY_ITEM)).toBeNull();
  });

  it('shows nothing when the session is refused (logged out, blocked, expired on the server)', async () => {
    const readRecord = await visitWith(KEY_A);
    const tab = new MemoryStorage();
    const boot = await readBootCopy({
      fetchKey: () => Promise.resolve(undefined),
      keyStorage: tab,
      readRecord,
      now: () => NOW,
    });
    expect(boot).toBeUndefined();
    expect(tab.getItem(COPY_KEY_ITEM)).toBeNull();
  });

  it("shows nothing of another session's copy (another person on a shared computer)", async () => {
    const readRecord = await visitWith(KEY_A);
    const boot = await readBootCopy({
      fetchKey: () => Promise.resolve(keyAnswer(KEY_B)),
      keyStorage: new MemoryStorage(),
      readRecord,
      now: () => NOW,
    });
    expect(boot).toBeUndefined();
  });

  it("shows nothing once the tab's key has expired, even with no network", async () => {
    const readRecord = await visitWith(KEY_A);
    const tab = new MemoryStorage();
    tab.setItem(COPY_KEY_ITEM, JSON.stringify(keyAnswer(KEY_A, NOW - 1)));
    const boot = await readBootCopy({
      fetchKey: () => Promise.resolve(keyAnswer(KEY_A)),
      keyStorage: tab,
      readRecord,
      now: () => NOW,
    });
    expect(boot).toBeUndefined();
  });
});

describe('the chat list as last rendered (openBootCopy().paint, issue 37)', () => {
  const rendered = {
    html: '<nav aria-label="Conversations"></nav>',
    menuHtml: '<nav aria-label="Main menu"></nav>',
    key: '["Pando"]',
  };

  it('opens the rendered list with the same key as the lists, asking for the key once', async () => {
    const readRecord = await visitWith(KEY_A, rendered);
    const fetchKey = vi.fn(() => Promise.resolve(keyAnswer(KEY_A)));
    const read = openBootCopy({ fetchKey, keyStorage: new MemoryStorage(), readRecord });
    expect(await read.paint).toEqual(rendered);
    expect((await read.copy)?.user.first_name).toBe('Alice');
    expect(fetchKey).toHaveBeenCalledTimes(1);
  });

  it('gives nothing without one, of another session, or in another shape', async () => {
    const none = openBootCopy({
      fetchKey: () => Promise.resolve(keyAnswer(KEY_A)),
      keyStorage: new MemoryStorage(),
      readRecord: await visitWith(KEY_A),
    });
    expect(await none.paint).toBeUndefined();
    expect(await none.copy).toBeDefined();
    const other = openBootCopy({
      fetchKey: () => Promise.resolve(keyAnswer(KEY_B)),
      keyStorage: new MemoryStorage(),
      readRecord: await visitWith(KEY_A, rendered),
    });
    expect(await other.paint).toBeUndefined();
    const odd = openBootCopy({
      fetchKey: () => Promise.resolve(keyAnswer(KEY_A)),
      keyStorage: new MemoryStorage(),
      readRecord: await visitWith(KEY_A, { html: 'a', menuHtml: 42, key: 'k' }),
    });
    expect(await odd.paint).toBeUndefined();
  });
});
