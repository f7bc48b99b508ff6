import type { ChatMessage } from '@pando/domain';
import { describe, expect, it } from 'vitest';
import { initialSnapshot, type ChatSnapshot, type ConversationState } from '../chat/snapshot';
import { chatCopyOf, KEPT_CONVERSATIONS, KEPT_MESSAGES, restoredChat } from './chat';

function message(address: string, n: number, at: number): ChatMessage {
  return {
    id: `${address}-${n}`,
    from: 'me@x',
    to: address,
    body: `message ${n}`,
    type: 'chat',
    sent: { timestamp: at },
  };
}

function conversation(address: string, count: number, lastAt: number): ConversationState {
  return {
    address,
    type: 'chat',
    messages: Array.from({ length: count }, (_, i) => message(address, i, lastAt - count + i + 1)),
    loading: { state: 'fetched' } as ConversationState['loading'],
  };
}

describe('the chat in the offline copy (issue 37)', () => {
  it('keeps the 30 most recent conversations, 50 messages each, and settled ticks only', () => {
    const conversations: Record<string, ConversationState> = {};
    for (let i = 0; i < 40; i++) conversations[`u${i}@x`] = conversation(`u${i}@x`, 60, 1000 * i);
    const snapshot: ChatSnapshot = {
      ...initialSnapshot(false),
      conversations,
      unread: { 'u39@x': 2, 'u0@x': 5 },
      delivery: { 'u39@x-59': 'displayed', 'u39@x-58': 'queued', 'u0@x-59': 'stored' },
    };
    const copy = chatCopyOf(snapshot);
    expect(copy.conversations).toHaveLength(KEPT_CONVERSATIONS);
    expect(copy.conversations[0]?.address).toBe('u39@x');
    expect(copy.conversations.map((c) => c.address)).not.toContain('u0@x');
    expect(copy.conversations[0]?.messages).toHaveLength(KEPT_MESSAGES);
    expect(copy.conversations[0]?.messages.at(-1)?.id).toBe('u39@x-59');
    expect(copy.unread).toEqual({ 'u39@x': 2 });
    expect(copy.delivery).toEqual({ 'u39@x-59': 'displayed' });
  });

  it('restores what parses, starting each conversation from the newest page again', () => {
    const copy = JSON.parse(
      JSON.stringify({
        conversations: [
          { ...conversation('a@x', 2, 50), loading: undefined },
          { address: 'b@x', type: 'chat', messages: [{ id: 'bad' }, message('b@x', 1, 9)] },
          { address: 7, type: 'chat', messages: [] },
        ],
        unread: { 'a@x': 3, 'nobody@x': 4 },
        delivery: { 'a@x-1': 'received', 'a@x-0': 'sending' },
      }),
    ) as unknown;
    const restored = restoredChat(copy);
    expect(Object.keys(restored?.conversations ?? {})).toEqual(['a@x', 'b@x']);
    expect(restored?.conversations['a@x']?.loading.state).toBe('none');
    expect(restored?.conversations['b@x']?.messages.map((m) => m.id)).toEqual(['b@x-1']);
    expect(restored?.unread).toEqual({ 'a@x': 3 });
    expect(restored?.delivery).toEqual({ 'a@x-1': 'received' });
    expect(restoredChat(null)).toBeUndefined();
    expect(restoredChat({ conversations: 'x' })).toBeUndefined();
  });
});
