import { MESSAGE_SUBJECTS } from '@pando/domain';
import { describe, expect, it } from 'vitest';
import { createChatWorld, settle, type TestUser } from './testing/harness';
import type { RoomChange } from './types';

async function listening(u: TestUser): Promise<RoomChange[]> {
  const changes: RoomChange[] = [];
  u.store.onRoomChange((change) => changes.push(change));
  u.store.start();
  await settle();
  return changes;
}

// Issue 35 "live state between people": what another person changes about a room reaches the
// screens of everyone in it without a reload, so the app can refetch what it shows of the room.
describe('ChatStore — room changes made by others', () => {
  it('a MUC Light affiliation message (someone added, removed or left) is a members change', async () => {
    const w = createChatWorld();
    const a = w.user(w.alice, 'Alice Adams');
    const changes = await listening(a);
    a.transport.emitLater({
      type: 'affiliations',
      room: w.ward,
      members: [{ user: w.bob, affiliation: 'none' }],
    });
    await settle();
    expect(changes).toEqual([{ kind: 'members', room: w.ward }]);
  });

  it('a MUC Light configuration message (the room was renamed) is a config change', async () => {
    const w = createChatWorld();
    const a = w.user(w.alice, 'Alice Adams');
    const changes = await listening(a);
    a.transport.emitLater({ type: 'roomConfig', room: w.ward });
    await settle();
    expect(changes).toEqual([{ kind: 'config', room: w.ward }]);
  });

  it('a live advice resolution line is an advice change; an ordinary message is not', async () => {
    const w = createChatWorld();
    const a = w.user(w.alice, 'Alice Adams');
    const changes = await listening(a);
    const line = {
      from: w.ward,
      to: w.ward,
      type: 'groupchat' as const,
      displayNames: { sender: 'Bob Brown', recipient: '' },
      sent: { timestamp: w.clock.now() },
    };
    a.transport.emitLater({
      type: 'message',
      message: { ...line, id: 'text-1', body: 'An answer', subject: MESSAGE_SUBJECTS.TEXT },
      archiveId: '1',
    });
    a.transport.emitLater({
      type: 'message',
      message: {
        ...line,
        id: 'line-1',
        body: JSON.stringify({ advice_resolution: { action: 'RESOLVE' } }),
        subject: MESSAGE_SUBJECTS.ADVICE_RESOLUTION,
      },
      archiveId: '2',
    });
    await settle();
    expect(changes).toEqual([{ kind: 'advice', room: w.ward }]);
  });

  it('an unsubscribed listener hears nothing more', async () => {
    const w = createChatWorld();
    const a = w.user(w.alice, 'Alice Adams');
    a.store.start();
    await settle();
    const changes: RoomChange[] = [];
    const stop = a.store.onRoomChange((change) => changes.push(change));
    stop();
    a.transport.emitLater({ type: 'roomConfig', room: w.ward });
    await settle();
    expect(changes).toEqual([]);
  });
});
