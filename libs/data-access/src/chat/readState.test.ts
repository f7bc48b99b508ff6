import { MARKER_THROTTLE_MS, type ChatMessage } from '@pando/domain';
import { describe, expect, it } from 'vitest';
import { ReadState } from './readState';
import { addMessages } from './snapshot';
import { createTestCore, settle } from './testing/harness';
import type { InboxEntry, SentMarkerType } from './types';

const bob = 'bob@pando.test';
const ward = 'ward7@muclight.pando.test';

function fromBob(id: string, extra: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    from: `${bob}/web`,
    to: 'me@pando.test',
    type: 'chat',
    body: id,
    sent: { timestamp: Number(id.replace(/\D/g, '')) || 1 },
    displayNames: { sender: 'Bob Brown', recipient: 'Me' },
    marker: { type: 'markable', id },
    ...extra,
  };
}

function setup(inbox: InboxEntry[] | (() => Promise<InboxEntry[]>) = []) {
  const t = createTestCore();
  const markers: { to: string; marker: SentMarkerType; id: string }[] = [];
  const reads = new ReadState(t.core, {
    sendMarker: (to, _type, marker, id) => {
      markers.push({ to, marker, id });
      return Promise.resolve();
    },
    fetchInbox: typeof inbox === 'function' ? inbox : () => Promise.resolve(inbox),
  });
  /** A live message from Bob arrives (on screen first, as the store does). */
  const arrive = (m: ChatMessage, carbon?: 'sent' | 'received') => {
    addMessages(t.core, bob, m.type, [m]);
    reads.incoming(bob, m, carbon);
  };
  const displayed = () => markers.filter((m) => m.marker === 'displayed').map((m) => m.id);
  return { ...t, reads, markers, arrive, displayed };
}

describe('ReadState — read only while the user can see it (spec 01 §4)', () => {
  it('a hidden tab neither marks messages read nor hides their count; showing the tab reads them', () => {
    const r = setup();
    r.core.set({ activeConversation: bob });
    r.reads.setVisible(false);
    r.arrive(fromBob('m1'));
    r.arrive(fromBob('m2'));
    expect(r.displayed()).toEqual([]);
    expect(r.core.snapshot().unread[bob]).toBe(2);
    r.reads.setVisible(true);
    expect(r.displayed()).toEqual(['m2']);
    expect(r.core.snapshot().unread[bob]).toBe(0);
    expect(r.core.snapshot().readMarkers[bob]).toBe('m2');
  });

  it('an open, visible conversation is read at once; another one counts as unread', () => {
    const r = setup();
    r.core.set({ activeConversation: ward });
    r.arrive(fromBob('m1'));
    expect(r.displayed()).toEqual([]);
    expect(r.core.snapshot().unread[bob]).toBe(1);
  });

  it('received markers go for live 1:1 messages only: not for a carbon of one', () => {
    const r = setup();
    r.arrive(fromBob('m1'));
    r.arrive(fromBob('m2'), 'received');
    expect(r.markers).toEqual([{ to: bob, marker: 'received', id: 'm1' }]);
  });

  it('displayed markers: leading edge, then one trailing marker at the end of the 2 s window', () => {
    const r = setup();
    r.core.set({ activeConversation: bob });
    r.arrive(fromBob('m1'));
    r.arrive(fromBob('m2'));
    r.arrive(fromBob('m3'));
    expect(r.displayed()).toEqual(['m1']);
    r.clock.advance(MARKER_THROTTLE_MS);
    expect(r.displayed()).toEqual(['m1', 'm3']);
  });

  it('a trailing marker due when the tab went to the background is not sent: what arrived since stays unread', () => {
    const r = setup();
    r.core.set({ activeConversation: bob });
    r.arrive(fromBob('m1'));
    r.arrive(fromBob('m2'));
    r.reads.setVisible(false);
    r.arrive(fromBob('m3'));
    r.clock.advance(MARKER_THROTTLE_MS);
    expect(r.displayed()).toEqual(['m1']);
    expect(r.core.snapshot().unread[bob]).toBe(1);
    r.reads.setVisible(true);
    expect(r.displayed()).toEqual(['m1', 'm3']);
    expect(r.core.snapshot().unread[bob]).toBe(0);
  });

  it('the marker stays unsent while disconnected; the count is still zero for what the user sees', () => {
    const r = setup();
    r.setConnected(false);
    r.core.set({ activeConversation: bob });
    r.arrive(fromBob('m1'));
    expect(r.displayed()).toEqual([]);
    expect(r.core.snapshot().unread[bob]).toBe(0);
  });

  it('the inbox at session start brings counts and last messages; the conversation being read stays at zero', async () => {
    const r = setup([
      { address: bob, unread: 3, lastMessage: fromBob('m3') },
      { address: ward, unread: 1 },
    ]);
    addMessages(r.core, bob, 'chat', [fromBob('m3')]);
    r.core.set({ activeConversation: bob });
    await r.reads.refreshInbox();
    await settle();
    expect(r.core.snapshot().unread).toEqual({ [bob]: 0, [ward]: 1 });
    expect(r.core.snapshot().conversations[bob]?.lastMessage?.id).toBe('m3');
    expect(r.core.snapshot().conversations[ward]?.loading.state).toBe('fetchedInbox');
    expect(r.displayed()).toEqual(['m3']);
  });

  it('messages that arrive while the inbox answer is on its way keep their count', async () => {
    // The answer was taken before m2 (bob) and w1 (ward) were stored, and reaches us after them.
    let answer: (entries: InboxEntry[]) => void = () => undefined;
    const r = setup(() => new Promise((resolve) => (answer = resolve)));
    const loading = r.reads.refreshInbox();
    r.arrive(fromBob('m2'));
    r.reads.incoming(ward, fromBob('w1', { type: 'groupchat' }), undefined);
    answer([
      { address: bob, unread: 1, lastMessage: fromBob('m1') },
      { address: ward, unread: 0, lastMessage: fromBob('w0', { type: 'groupchat' }) },
    ]);
    await loading;
    expect(r.core.snapshot().unread).toEqual({ [bob]: 2, [ward]: 1 });
    // Counted by the answer and arrived before it: once, not twice.
    const again = setup(() => new Promise((resolve) => (answer = resolve)));
    const loadingAgain = again.reads.refreshInbox();
    again.arrive(fromBob('m2'));
    answer([{ address: bob, unread: 2, lastMessage: fromBob('m2') }]);
    await loadingAgain;
    expect(again.core.snapshot().unread).toEqual({ [bob]: 2 });
  });

  it('our other tab read the conversation: its count goes to zero and its marker is ours', () => {
    const r = setup();
    r.arrive(fromBob('m1'));
    r.arrive(fromBob('m2'));
    expect(r.core.snapshot().unread[bob]).toBe(2);
    r.reads.readElsewhere(bob, 'm2');
    expect(r.core.snapshot().unread[bob]).toBe(0);
    expect(r.core.snapshot().readMarkers[bob]).toBe('m2');
  });
});
