import { TEXTS, type OutgoingContent } from '@pando/domain';
import { describe, expect, it } from 'vitest';
import { readOutbox } from './outbox';
import { MemoryOutboxStorage } from './testing';
import { OutboxPump } from './outboxPump';
import { ChatSendError } from './sends';
import { OUTBOX_BURST, OUTBOX_RATE_PER_SECOND } from './sendPacing';
import { createTestCore, settle } from './testing/harness';
import type { OutgoingMessage } from './types';

const bob = 'bob@pando.test';
const text = (t: string): OutgoingContent => ({ kind: 'text', text: t });

function setup(storage = new MemoryOutboxStorage()) {
  const t = createTestCore();
  const wire: OutgoingMessage[] = [];
  let failSends = false;
  let session = 1;
  const sentTo: string[] = [];
  const pump = new OutboxPump({
    core: t.core,
    storage,
    transport: {
      send: (m) => {
        if (failSends) return Promise.reject(new Error('socket closed'));
        wire.push(m);
        return Promise.resolve();
      },
    },
    session: {
      get session() {
        return session;
      },
      isCurrent: (seq) => seq === session,
    },
    displayNames: () => ({ sender: 'Me', recipient: 'Bob Brown' }),
    sent: (address) => sentTo.push(address),
  });
  t.core.set(pump.restored());
  return {
    ...t,
    pump,
    wire,
    storage,
    sentTo,
    failSends(value: boolean) {
      failSends = value;
    },
    newSession() {
      session++;
    },
    onDisk: () => readOutbox(storage).entries.map((e) => e.id),
    delivery: (id: string) => t.core.snapshot().delivery[id],
  };
}

describe('OutboxPump — the durable outbox (spec 01 §4 delivery states)', () => {
  it('a message is on disk and on screen before it goes out, and leaves the outbox on the server ack', async () => {
    const o = setup();
    const message = o.pump.enqueue(bob, text('hello'), 'm1');
    expect(o.onDisk()).toEqual(['m1']);
    expect(o.core.snapshot().conversations[bob]?.messages.map((m) => m.id)).toEqual(['m1']);
    expect(message.displayNames).toEqual({ sender: 'Me', recipient: 'Bob Brown' });
    expect(o.sentTo).toEqual([bob]);
    await settle();
    expect(o.wire.map((m) => m.id)).toEqual(['m1']);
    expect(o.delivery('m1')).toBe('sending');
    o.pump.acked('m1');
    expect(o.delivery('m1')).toBe('stored');
    expect(o.onDisk()).toEqual([]);
    expect(o.core.snapshot().outbox).toEqual([]);
  });

  it('a confirmed logout deletes the waiting messages from the screen and the disk (issue 37)', () => {
    const storage = new MemoryOutboxStorage();
    const o = setup(storage);
    o.setConnected(false);
    o.pump.enqueue(bob, text('one'), 'm1');
    o.pump.enqueue(bob, text('two'), 'm2');
    expect(o.core.snapshot().outbox).toEqual(['m1', 'm2']);
    o.pump.discard();
    expect(o.onDisk()).toEqual([]);
    expect(o.core.snapshot().outbox).toEqual([]);
    expect(o.core.snapshot().conversations[bob]?.messages).toEqual([]);
    // The next session on this device has nothing to send.
    const next = setup(storage);
    expect(next.core.snapshot().outbox).toEqual([]);
  });

  it('a reload brings queued messages back on screen, queued, in order', () => {
    const storage = new MemoryOutboxStorage();
    const first = setup(storage);
    first.setConnected(false);
    first.pump.enqueue(bob, text('one'), 'm1');
    first.pump.enqueue(bob, text('two'), 'm2');
    const reloaded = setup(storage);
    const state = reloaded.core.snapshot();
    expect(state.outbox).toEqual(['m1', 'm2']);
    expect(state.conversations[bob]?.messages.map((m) => m.body)).toEqual(['one', 'two']);
    expect(state.delivery).toEqual({ m1: 'queued', m2: 'queued' });
  });

  it('offline with storage refusing: "Cannot send message, agent has disconnected", nothing queued', () => {
    const o = setup();
    o.setConnected(false);
    o.storage.failing = true;
    expect(() => o.pump.enqueue(bob, text('lost'), 'm1')).toThrow(ChatSendError);
    expect(o.notices).toEqual([{ kind: 'error', message: TEXTS.agentDisconnected }]);
    expect(o.core.snapshot().outbox).toEqual([]);
    expect(o.core.snapshot().conversations[bob]).toBeUndefined();
  });

  it('a send cut by a dropped session goes back to queued and the next session sends it again, same id', async () => {
    const o = setup();
    o.failSends(true);
    o.pump.enqueue(bob, text('hello'), 'm1');
    await settle();
    expect(o.delivery('m1')).toBe('queued');
    expect(o.logs.map((l) => l.message)).toContain('chat send interrupted; kept in the outbox');
    o.failSends(false);
    o.pump.requeue();
    o.newSession();
    await o.pump.pump();
    expect(o.wire.map((m) => m.id)).toEqual(['m1']);
    expect(o.onDisk()).toEqual(['m1']);
  });

  it('a refused message is failed with the failed-send notice, and a retry sends it with the same id', async () => {
    const o = setup();
    o.pump.enqueue(bob, text('hello'), 'm1');
    await settle();
    o.pump.refused('m1', 'not-allowed');
    expect(o.delivery('m1')).toBe('failed');
    expect(o.notices).toEqual([{ kind: 'error', message: TEXTS.sendFailed }]);
    expect(o.onDisk()).toEqual([]);
    o.pump.retry('m1');
    await settle();
    expect(o.wire.map((m) => m.id)).toEqual(['m1', 'm1']);
    expect(o.delivery('m1')).toBe('sending');
  });

  it('a long queue goes out in a burst of 100, then at 50 a second', async () => {
    const o = setup();
    o.setConnected(false);
    for (let i = 1; i <= OUTBOX_BURST + 10; i++) o.pump.enqueue(bob, text(`m${i}`), `m${i}`);
    o.setConnected(true);
    await o.pump.pump();
    expect(o.wire).toHaveLength(OUTBOX_BURST);
    o.clock.advance(1000 / OUTBOX_RATE_PER_SECOND);
    await settle();
    expect(o.wire).toHaveLength(OUTBOX_BURST + 1);
    o.clock.advance(1000);
    await settle();
    expect(o.wire.map((m) => m.id)).toEqual(
      Array.from({ length: OUTBOX_BURST + 10 }, (_, i) => `m${i + 1}`),
    );
  });
});
