// @vitest-environment jsdom
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ChatProvider,
  useChatStore,
  useConnectionState,
  useConversation,
  useDeliveryStates,
  useDirectConversations,
  useUnreadCounts,
  useUnreadTotal,
} from './ChatProvider';
import { ChatStore } from './ChatStore';
import { createChatWorld, settle } from './testing/harness';

afterEach(cleanup);

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
      const delivery = useDeliveryStates(address);
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

  it('a message in one conversation re-renders what shows it, not another conversation nor the shell', async () => {
    const w = createChatWorld();
    const a = w.user(w.alice, 'Alice Adams');
    const b = w.user(w.bob, 'Bob Brown');
    const renders = { bob: 0, ward: 0, shell: 0 };
    function Conversation({ address, name }: { address: string; name: 'bob' | 'ward' }) {
      renders[name]++;
      const conversation = useConversation(address);
      const delivery = useDeliveryStates(address);
      return (
        <p>
          {name}: {conversation.messages.map((m) => `${m.body ?? ''}/${delivery[m.id] ?? '-'}`)}
        </p>
      );
    }
    function Shell() {
      renders.shell++;
      const total = useUnreadTotal();
      const directs = useDirectConversations();
      const connection = useConnectionState();
      return (
        <p>
          shell: {connection.status} {total} {directs.map((d) => d.name).join(',')}
        </p>
      );
    }
    render(
      <ChatProvider store={a.store}>
        <Shell />
        <Conversation address={w.bob} name="bob" />
        <Conversation address={w.ward} name="ward" />
      </ChatProvider>,
    );
    await act(async () => {
      a.store.start();
      b.store.start();
      await settle();
      a.store.openConversation(w.bob);
      await b.store.sendText(w.alice, 'first');
      await settle();
    });
    expect(screen.getByText(/^bob: first/)).toBeTruthy();
    const before = { ...renders };

    // Alice is reading Bob's chat: his next message changes that conversation only (the unread
    // total stays 0, Bob is already among the directs).
    await act(async () => {
      await b.store.sendText(w.alice, 'second');
      await settle();
    });
    expect(screen.getByText(/^bob: first.*second/)).toBeTruthy();
    expect(renders.bob).toBeGreaterThan(before.bob);
    expect(renders.ward).toBe(before.ward);
    expect(renders.shell).toBe(before.shell);

    // A message in the ward (not open) changes the unread total: the shell, not Bob's chat.
    const mid = { ...renders };
    await act(async () => {
      await b.store.sendText(w.ward, 'ward round at 10');
      await settle();
    });
    expect(screen.getByText(/shell: online 1/)).toBeTruthy();
    expect(renders.bob).toBe(mid.bob);
    await act(async () => {
      await a.store.stop();
      await b.store.stop();
    });
  });

  it('"no chat" is a store status: the hooks work, nothing connects and a send is refused', async () => {
    const store = ChatStore.unavailable();
    function Probe() {
      const connection = useConnectionState();
      return <p>status: {connection.status}</p>;
    }
    render(
      <ChatProvider store={store}>
        <Probe />
      </ChatProvider>,
    );
    store.start();
    expect(store.getSnapshot().available).toBe(false);
    expect(screen.getByText('status: stopped')).toBeTruthy();
    await expect(store.sendText('bob@pando.test', 'hello')).rejects.toThrow(/disconnected/);
  });
});
