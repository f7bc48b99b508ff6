import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildTimeline, type TimelineMessage } from '@pando/domain';
import { describe, expect, it, vi } from 'vitest';
import { ALICE, BOB, handoverConversation, hostileConversation } from '../../testing/chatFixtures';
import { storyImages } from '../../testing/imageFixtures';
import { renderWithTheme } from '../../testing/render';
import { MessageBubble } from './MessageBubble';

function entries(messages = handoverConversation()): TimelineMessage[] {
  return buildTimeline(messages).flatMap((item) => (item.type === 'group' ? item.messages : []));
}

function entryOfKind(kind: string): TimelineMessage {
  const found = entries().find((e) => e.decoded.content.kind === kind);
  if (!found) throw new Error(`fixture has no ${kind} message`);
  return found;
}

describe('MessageBubble', () => {
  it('shows the placeholder for a malformed patient-card body', () => {
    renderWithTheme(
      <MessageBubble entry={entryOfKind('malformed')} senderName="Bob Okafor" isOwn={false} />,
    );
    expect(
      screen.getByText('There is a problem showing this message, administrators are aware.'),
    ).toBeInTheDocument();
  });

  it('shows a file with its size in b/kb/Mb/Gb and offers download or email', async () => {
    const onFileAction = vi.fn();
    renderWithTheme(
      <MessageBubble
        entry={entryOfKind('file')}
        senderName="Bob Okafor"
        isOwn={false}
        actions={{ onFileAction }}
      />,
    );
    expect(screen.getByText('1.5 Mb')).toBeInTheDocument();
    await userEvent.click(
      screen.getByRole('button', { name: /Download or email Cardiology discharge/ }),
    );
    expect(onFileAction).toHaveBeenCalledWith(expect.objectContaining({ id: '88' }));
  });

  it('shows "Loading image..." while a thumbnail loads, and retries a failed one on click', async () => {
    const images = entries().filter((e) => e.decoded.content.kind === 'image');
    const loading = images.find(
      (e) => e.decoded.content.kind === 'image' && e.decoded.content.imageId === 'xray-bed3',
    );
    const failed = images.find(
      (e) => e.decoded.content.kind === 'image' && e.decoded.content.imageId === 'missing-photo',
    );
    if (!loading || !failed) throw new Error('fixture images missing');
    const onRetryImage = vi.fn();
    renderWithTheme(
      <>
        <MessageBubble
          entry={loading}
          senderName="Dr Priya Raman"
          isOwn={false}
          actions={{ getImage: storyImages }}
        />
        <MessageBubble
          entry={failed}
          senderName="Dr Priya Raman"
          isOwn={false}
          actions={{ getImage: storyImages, onRetryImage }}
        />
      </>,
    );
    expect(screen.getByText('Loading image...')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /could not be loaded/ }));
    expect(onRetryImage).toHaveBeenCalledWith('missing-photo');
  });

  it('says "(template has been superceded)" or "(template could not be found.)" for form messages', () => {
    const form = entryOfKind('form');
    const { rerender } = renderWithTheme(
      <MessageBubble
        entry={form}
        senderName="Alice"
        isOwn
        actions={{ getFormStatus: () => 'superseded' }}
      />,
    );
    expect(screen.getByText('(template has been superceded)')).toBeInTheDocument();
    rerender(
      <MessageBubble
        entry={form}
        senderName="Alice"
        isOwn
        actions={{ getFormStatus: () => 'notFound' }}
      />,
    );
    expect(screen.getByText('(template could not be found.)')).toBeInTheDocument();
  });

  it('shows a reply with its quote', () => {
    renderWithTheme(
      <MessageBubble entry={entryOfKind('reply')} senderName="Dr Priya Raman" isOwn={false} />,
    );
    expect(screen.getByText(/new AF overnight/)).toBeInTheDocument();
    expect(
      screen.getByText('Agreed, I will review her at 11 with the echo result.'),
    ).toBeInTheDocument();
  });

  it('renders an advice resolution as a system line', () => {
    renderWithTheme(
      <MessageBubble
        entry={entryOfKind('adviceResolution')}
        senderName="Dr Priya Raman"
        isOwn={false}
      />,
    );
    expect(
      screen.getByText(/Dr Priya Raman marked this conversation as resolved/),
    ).toBeInTheDocument();
  });

  it('offers retry on a failed own message', async () => {
    const onRetrySend = vi.fn();
    const own = entries().find((e) => e.sender === ALICE && e.decoded.content.kind === 'text');
    if (!own) throw new Error('no own text');
    renderWithTheme(
      <MessageBubble
        entry={own}
        senderName="Alice Morgan"
        isOwn
        delivery="failed"
        actions={{ onRetrySend }}
      />,
    );
    expect(screen.getByRole('img', { name: 'Not sent' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetrySend).toHaveBeenCalledWith(own.message.id);
  });

  it('renders hostile markup in messages, names, file names and quotes as inert text', () => {
    const { container } = renderWithTheme(
      <>
        {entries(hostileConversation()).map((entry) => (
          <MessageBubble
            key={entry.message.id}
            entry={entry}
            senderName={entry.message.displayNames?.sender ?? BOB}
            isOwn={false}
            actions={{ onFileAction: vi.fn(), onOpenPatientCard: vi.fn() }}
          />
        ))}
      </>,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    for (const a of container.querySelectorAll('a')) {
      expect(a.getAttribute('href')).toMatch(/^(https?:|mailto:|\/)/);
    }
    expect(screen.getByText('<img src=x onerror=alert(1)> Bob')).toBeInTheDocument();
    expect(screen.getByText('<img src=x onerror=alert(1)>.pdf')).toBeInTheDocument();
  });
});
