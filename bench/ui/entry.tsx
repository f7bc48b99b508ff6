/**
 * Browser side of the message-list benchmark: builds a 10,000-message conversation with the
 * domain codec, then times from `render()` to the first painted frame in which the last page
 * (the newest message) is visible, the way a clinician opens a long conversation.
 */
import {
  buildTimeline,
  encodeMessageBody,
  type ChatMessage,
  type TimelineItem,
} from '@pando/domain';
import { MessageList, PandoMantineProvider } from '@pando/ui';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';

declare global {
  interface Window {
    __benchResult?: {
      buildMs: number;
      firstRowsMs: number;
      paintMs: number;
      rows: number;
      messages: number;
    };
    __runBench?: (count: number) => Promise<void>;
    __openConversation?: () => void;
  }
}

const ROOM = 'ward7@muclight.bench.example.org';
const PEOPLE = ['alice@bench.example.org', 'bob@bench.example.org', 'priya@bench.example.org'];
const SNIPPETS = [
  'Obs stable, NEWS2 1.',
  'Bloods sent: FBC, U&E, CRP, troponin.',
  'Can someone review bed 12, chest pain since 03:00?',
  'ECG done, no acute changes, uploaded to the record. See https://intranet.example.org/ecg',
];

function conversation(count: number): ChatMessage[] {
  const out: ChatMessage[] = [];
  let time = Date.now();
  for (let i = count - 1; i >= 0; i--) {
    const sender = PEOPLE[Math.floor(i / 4) % 3] ?? 'alice@bench.example.org';
    const { subject, body } = encodeMessageBody({
      kind: 'text',
      text: `${SNIPPETS[i % SNIPPETS.length] ?? ''} (#${i + 1})`,
    });
    out.push({
      id: `b${i}`,
      from: `${ROOM}/${sender}`,
      to: ROOM,
      type: 'groupchat',
      subject,
      body,
      sent: { timestamp: time },
      displayNames: { sender: sender.split('@')[0] ?? sender, recipient: 'Ward 7' },
    });
    time -= i % 100 === 0 ? 8 * 3_600_000 : 20_000 + ((i * 37) % 30) * 1000;
  }
  return out.reverse();
}

/**
 * Mounts the app's Mantine provider with nothing in it (in the app it has been up long before a
 * conversation opens, so its first mount is not part of the figure), then resolves.
 * `__openConversation` starts the clock: timeline build, render, first paint of the last page.
 */
window.__runBench = async (count: number) => {
  const messages = conversation(count);
  const container = document.getElementById('root');
  if (!container) throw new Error('no #root');
  const lastText = `(#${count})`;

  let open: ((items: TimelineItem[]) => void) | undefined;
  function Conversation() {
    const [items, setItems] = useState<TimelineItem[] | null>(null);
    open = setItems;
    return items ? (
      <MessageList
        items={items}
        currentUser={PEOPLE[0] ?? ''}
        history="fetched"
        onLoadOlder={() => undefined}
      />
    ) : null;
  }
  flushSync(() => {
    createRoot(container).render(
      <PandoMantineProvider forceColorScheme="light">
        <div style={{ height: '100vh' }}>
          <Conversation />
        </div>
      </PandoMantineProvider>,
    );
  });
  // Let the mount's effects and first paint finish before the clock starts.
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));

  window.__openConversation = () => {
    const t0 = performance.now();
    const items = buildTimeline(messages);
    const tBuilt = performance.now();
    open?.(items);
    timeFrom(t0, tBuilt);
  };

  const timeFrom = (t0: number, tBuilt: number) => {
    const lastVisible = () => {
      const scroller = container.querySelector<HTMLElement>('[data-virtuoso-scroller]');
      if (!scroller) return false;
      const list = scroller.querySelector<HTMLElement>('[data-testid="virtuoso-item-list"]');
      if (list && getComputedStyle(list).visibility === 'hidden') return false;
      const rect = scroller.getBoundingClientRect();
      return Array.from(scroller.querySelectorAll<HTMLElement>('[data-item-index]')).some((row) => {
        if (!row.textContent.includes(lastText)) return false;
        const r = row.getBoundingClientRect();
        return r.bottom <= rect.bottom + 1 && r.top >= rect.top - 1 && r.height > 0;
      });
    };

    let firstRowsMs = -1;
    const poll = () => {
      if (firstRowsMs < 0 && container.querySelector('[data-item-index]')) {
        firstRowsMs = performance.now() - t0;
      }
      if (!lastVisible()) {
        requestAnimationFrame(poll);
        return;
      }
      // The frame in which the condition became true is the one that is about to be painted; the
      // next animation frame callback runs after that paint.
      requestAnimationFrame(() => {
        window.__benchResult = {
          buildMs: tBuilt - t0,
          firstRowsMs,
          paintMs: performance.now() - t0,
          rows: container.querySelectorAll('[data-item-index]').length,
          messages: count,
        };
      });
    };
    requestAnimationFrame(poll);
  };
};
