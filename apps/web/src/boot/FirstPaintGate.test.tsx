import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstPaintView, SHELL_SHOWN } from '@pando/features';
import { PandoMantineProvider } from '@pando/ui';
import { FirstPaintGate } from './FirstPaintGate';

const view = firstPaintView(
  {
    lists: {
      teams: [
        { id: 7, name: 'Ward 7', mim_id: 'ward7', discoverable: false, auto_accept: false },
        { id: 3, name: 'Acute medicine', mim_id: 'acute', discoverable: false, auto_accept: false },
      ],
      forums: [],
      advice_conversations: [],
    } as never,
    user: { id: 1, first_name: 'Alice', last_name: 'Anderson', access_level: 'user' } as never,
    savedAt: Date.parse('2026-11-29T09:42:00Z'),
    directs: [{ address: 'bob@pando.test', userId: 'bob', name: 'Bob Baker' }],
    unread: { 'bob@pando.test': 2 },
  },
  'pando.test',
  true,
  Date.parse('2026-11-29T10:00:00Z'),
);

function renderGate(onChoose = vi.fn()) {
  render(
    <PandoMantineProvider>
      <FirstPaintGate view={view} productName="Pando" onChoose={onChoose}>
        <main>The app</main>
      </FirstPaintGate>
    </PandoMantineProvider>,
  );
  return onChoose;
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('FirstPaintGate (the chat list from the offline copy before the app, issue 37)', () => {
  it('shows the copy\'s list, sorted as the app sorts it, "Updating…", and the app hidden behind it', () => {
    renderGate();
    const list = screen.getByRole('navigation', { name: 'Conversations' });
    const rows = [...list.querySelectorAll('a')].map((a) => a.textContent);
    expect(rows.indexOf('Acute medicine')).toBeLessThan(rows.indexOf('Ward 7'));
    expect(screen.getByText('Updating…')).toBeInTheDocument();
    // The chat's unread counts as the copy kept them: bob's conversation on top, with its count.
    const unread = screen.getByRole('group', { name: 'Unread' });
    expect(unread).toHaveTextContent('Bob Baker');
    expect(unread).toHaveTextContent('2');
    expect(screen.getByText('The app')).not.toBeVisible();
  });

  it('a row chosen meanwhile moves the address, tells the router (popstate) and starts the app', async () => {
    const onChoose = renderGate();
    const popped = vi.fn();
    window.addEventListener('popstate', popped);
    await userEvent.click(screen.getByRole('link', { name: /Ward 7/ }));
    window.removeEventListener('popstate', popped);
    expect(window.location.pathname).toBe('/teams/7');
    expect(popped).toHaveBeenCalledTimes(1);
    expect(onChoose).toHaveBeenCalled();
  });

  it("gives way in one step when the app's shell is on screen", () => {
    renderGate();
    act(() => {
      window.dispatchEvent(new Event(SHELL_SHOWN));
    });
    expect(screen.queryByRole('navigation', { name: 'Conversations' })).toBeNull();
    expect(screen.getByText('The app')).toBeVisible();
  });

  it('a row pressed while the app takes over still opens: the first paint gives way after the release and its click', async () => {
    const onChoose = renderGate();
    const row = screen.getByRole('link', { name: /Ward 7/ });
    fireEvent.pointerDown(row);
    act(() => {
      window.dispatchEvent(new Event(SHELL_SHOWN));
    });
    // Pressed: the row stays where the press began, so the release and its click land on it.
    expect(screen.getByRole('navigation', { name: 'Conversations' })).toBeInTheDocument();
    fireEvent.pointerUp(row);
    fireEvent.click(row);
    expect(window.location.pathname).toBe('/teams/7');
    expect(onChoose).toHaveBeenCalled();
    await waitFor(() => {
      expect(screen.queryByRole('navigation', { name: 'Conversations' })).toBeNull();
    });
    expect(screen.getByText('The app')).toBeVisible();
  });

  it('a press whose release never comes holds the first paint 5 s at most', () => {
    vi.useFakeTimers();
    try {
      renderGate();
      const row = screen.getByRole('link', { name: /Ward 7/ });
      fireEvent.pointerDown(row);
      act(() => {
        window.dispatchEvent(new Event(SHELL_SHOWN));
      });
      act(() => {
        vi.advanceTimersByTime(4900);
      });
      expect(screen.getByRole('navigation', { name: 'Conversations' })).toBeInTheDocument();
      act(() => {
        vi.advanceTimersByTime(200);
      });
      expect(screen.queryByRole('navigation', { name: 'Conversations' })).toBeNull();
      // The page hears of a release later: nothing is left waiting.
      fireEvent.pointerUp(document.body);
      act(() => {
        vi.advanceTimersByTime(1);
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives way when the app went to the login page (the session is over)', () => {
    vi.useFakeTimers();
    try {
      renderGate();
      window.history.replaceState(null, '', '/login?msg=unauthorised');
      act(() => {
        vi.advanceTimersByTime(250);
      });
      expect(screen.queryByRole('navigation', { name: 'Conversations' })).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
