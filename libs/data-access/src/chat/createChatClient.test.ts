// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { bindDocumentVisibility, createChatClient } from './createChatClient';

describe('createChatClient (production wiring)', () => {
  it('restores this user’s outbox from localStorage and starts idle', () => {
    localStorage.setItem(
      'pando.chat.outbox.u-1',
      JSON.stringify([
        {
          id: 'm1',
          to: 'bob@pando.test',
          type: 'chat',
          subject: 'text/plain',
          body: 'waiting since yesterday',
          displayNames: { sender: 'Alice Adams', recipient: 'Bob' },
          sendTimestamp: 1,
        },
      ]),
    );
    const store = createChatClient({
      runtimeConfig: { chat_websocket_url: 'ws://127.0.0.1:1/xmpp', chat_domain: 'pando.test' },
      user: { uuid: 'u-1', first_name: 'Alice', last_name: 'Adams' },
      getChatToken: () => Promise.resolve('t'),
    });
    const s = store.getSnapshot();
    expect(s.connection.status).toBe('idle');
    expect(s.outbox).toEqual(['m1']);
    expect(s.delivery.m1).toBe('queued');
    expect(s.conversations['bob@pando.test']?.messages[0]?.body).toBe('waiting since yesterday');
  });

  it('a hidden tab does not mark messages read', () => {
    const store = createChatClient({
      runtimeConfig: { chat_websocket_url: 'ws://127.0.0.1:1/xmpp', chat_domain: 'pando.test' },
      user: { uuid: 'u-2', first_name: 'Bob', last_name: 'Brown' },
      getChatToken: () => Promise.resolve('t'),
    });
    const seen: boolean[] = [];
    const original = store.setVisible.bind(store);
    store.setVisible = (v: boolean) => {
      seen.push(v);
      original(v);
    };
    let state: DocumentVisibilityState = 'visible';
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
    const unbind = bindDocumentVisibility(store);
    state = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    unbind();
    state = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(seen).toEqual([true, false]);
  });
});
