import { describe, expect, it } from 'vitest';
import { LocalStorageOutboxStorage, outboxKey, readOutbox } from './outbox';
import { MemoryStorage } from '../offline/testing/memoryStorage';
import { MemoryOutboxStorage } from './testing';
import type { OutgoingMessage } from './types';

const entry = (id: string): OutgoingMessage => ({
  id,
  to: 'bob@d',
  type: 'chat',
  subject: 'text/plain',
  body: `body ${id}`,
  displayNames: { sender: 'Alice', recipient: 'Bob' },
  sendTimestamp: 1,
});

describe('the durable outbox storage', () => {
  it('localStorage keeps the queue per user and in order across instances (a page reload)', () => {
    const backing = new MemoryStorage();
    new LocalStorageOutboxStorage('pando.chat.outbox.alice', backing).save([
      entry('1'),
      entry('2'),
    ]);
    const reloaded = new LocalStorageOutboxStorage('pando.chat.outbox.alice', backing);
    expect(readOutbox(reloaded).entries.map((e) => e.id)).toEqual(['1', '2']);
    expect(
      readOutbox(new LocalStorageOutboxStorage('pando.chat.outbox.bob', backing)).entries,
    ).toEqual([]);
    reloaded.save([]);
    expect(backing.items.size).toBe(0);
  });

  it('messages queued under the web app’s former key (pando.outbox.{uuid}) move to the one key', () => {
    const backing = new MemoryStorage();
    backing.setItem('pando.outbox.alice', JSON.stringify([entry('old')]));
    const storage = LocalStorageOutboxStorage.forUser('alice', backing);
    expect(readOutbox(storage).entries.map((e) => e.id)).toEqual(['old']);
    expect([...backing.items.keys()]).toEqual([outboxKey('alice')]);
    expect(outboxKey('alice')).toBe('pando.chat.outbox.alice');
  });

  it('drops unreadable entries one by one, never the whole queue', () => {
    const backing = new MemoryStorage();
    backing.setItem('k', JSON.stringify([entry('1'), { id: 2 }, entry('3'), entry('1')]));
    const { entries, dropped } = readOutbox(new LocalStorageOutboxStorage('k', backing));
    expect(entries.map((e) => e.id)).toEqual(['1', '3']);
    expect(dropped).toBe(2);
  });

  it('survives corrupt JSON', () => {
    const backing = new MemoryStorage();
    backing.setItem('k', '{not json');
    expect(readOutbox(new LocalStorageOutboxStorage('k', backing))).toEqual({
      entries: [],
      dropped: 1,
    });
  });

  it('memory storage can simulate a refusing browser storage', () => {
    const storage = new MemoryOutboxStorage();
    storage.failing = true;
    expect(() => {
      storage.save([entry('1')]);
    }).toThrow('storage unavailable');
  });
});
