import { act, cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEXTS } from '@pando/domain';
import { preloadable } from './preloadable';
import { AppErrorBoundary } from './AppErrorBoundary';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function renderInMantine(ui: ReactNode) {
  return render(<MantineProvider>{ui}</MantineProvider>);
}

describe('AppErrorBoundary', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('a chunk that cannot be loaded shows "a new version is available" with Reload, without re-requesting it in a loop', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const logger = { error: vi.fn(), warn: vi.fn(), info: vi.fn(), event: vi.fn() };
    const load = vi.fn(() =>
      Promise.reject(new Error('Failed to fetch dynamically imported module')),
    );
    const Screen = preloadable<object>(load, { fallback: <p>Loading…</p> }).Component;
    // As the chat root does: its fallback shows the same children again (without chat).
    renderInMantine(
      <AppErrorBoundary logger={logger} fallback={<Screen />}>
        <Screen />
      </AppErrorBoundary>,
    );
    expect(await screen.findByText(TEXTS.newVersionAvailable)).toBeTruthy();
    await act(() => wait(200));
    expect(screen.getByRole('button', { name: TEXTS.reload })).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
    expect(logger.error).toHaveBeenCalledTimes(1);
  });

  it('any other crash keeps the fallback (the shell without chat)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Crash(): ReactNode {
      throw new Error('chat broke');
    }
    renderInMantine(
      <AppErrorBoundary fallback={<p>Shell without chat</p>}>
        <Crash />
      </AppErrorBoundary>,
    );
    expect(await screen.findByText('Shell without chat')).toBeTruthy();
  });
});
