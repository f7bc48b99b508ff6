// @vitest-environment jsdom
import { act, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import {
  ChatProvider,
  useChatStore,
  useConnectionState,
  useConversation,
  useDeliveryStates,
  useUnreadCounts,
} from './ChatProvider';
import { createChatWorld, settle } from './testing/harness';

describe('ChatProvider and hooks', () => {
  it('hooks throw outside the provider', () => {
    expect(() => renderHook(() => useChatStore())).toThrow(
      'useChatStore must be used inside <ChatProvider>',
    );
    expect(() => renderHook(() => useUnreadCounts())).toThrow(/inside <ChatProvider>/);
  });

  it('components re-render from the store: connection, messages, unread counts and delivery', async () => {
    const w = createChatWorld();
    const a = w.user(w.alice, 'Alice Adams');
    const b = w.user(w.bob, 'Bob Brown');
    function Conversation({ address }: { address: string }) {
      const conversation = useConversation(address);
      const unread = useUnreadCounts();
      const delivery = useDeliveryStates();
      const connection = useConnectionState();
      return (
        <div>
          <p>status: {connection.status}</p>
          <p>unread: {unread[address] ?? 0}</p>
          <ul>
            {conversation.messages.map((m) => (
              <li key={m.id}>
                {m.body} ({delivery[m.id] ?? 'incoming'})
              </li>
            ))}
          </ul>
        </div>
      );
    }
    const wrapper = ({ children }: { children: ReactNode }) => (
      <ChatProvider store={a.store}>{children}</ChatProvider>
    );
    render(<Conversation address={w.bob} />, { wrapper });
    expect(screen.getByText('status: idle')).toBeTruthy();
    await act(async () => {
      a.store.start();
      b.store.start();
      await settle();
    });
    expect(screen.getByText('status: online')).toBeTruthy();
    await act(async () => {
      await b.store.sendText(w.alice, 'Bed 4 please');
      await settle();
    });
    expect(screen.getByText('unread: 1')).toBeTruthy();
    expect(screen.getByText('Bed 4 please (incoming)')).toBeTruthy();
    await act(async () => {
      await a.store.sendText(w.bob, 'On my way');
      await settle();
    });
    expect(screen.getByText('On my way (received)')).toBeTruthy();
    expect(screen.getByText('unread: 0')).toBeTruthy();
    await act(async () => {
      await a.store.stop();
      await b.store.stop();
    });
  });
});
