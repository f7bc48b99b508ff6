import { cleanup, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useRunningStore } from './ChatWiring';

function fakeStore() {
  return { start: vi.fn(), stop: vi.fn(() => Promise.resolve()) };
}

function Running({ store }: { store: ReturnType<typeof fakeStore> }) {
  useRunningStore(store);
  return null;
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(cleanup);

describe('useRunningStore', () => {
  it('StrictMode mounts twice; the store is started once and keeps running', async () => {
    const store = fakeStore();
    render(
      <StrictMode>
        <Running store={store} />
      </StrictMode>,
    );
    await nextTask();
    expect(store.start).toHaveBeenCalledTimes(1);
    expect(store.stop).not.toHaveBeenCalled();
  });

  it('stops the store for good when the shell goes away', async () => {
    const store = fakeStore();
    const { unmount } = render(
      <StrictMode>
        <Running store={store} />
      </StrictMode>,
    );
    unmount();
    await nextTask();
    expect(store.stop).toHaveBeenCalledTimes(1);
  });

  it('starts once the first render is done, not during it; an unmount before then never starts it', async () => {
    const store = fakeStore();
    const { unmount } = render(<Running store={store} />);
    expect(store.start).not.toHaveBeenCalled();
    unmount();
    await nextTask();
    await nextTask();
    expect(store.start).not.toHaveBeenCalled();
    expect(store.stop).toHaveBeenCalledTimes(1);
  });

  it('a new store (another user, another configuration) replaces the old one', async () => {
    const first = fakeStore();
    const second = fakeStore();
    const { rerender } = render(<Running store={first} />);
    rerender(<Running store={second} />);
    await nextTask();
    expect(first.stop).toHaveBeenCalledTimes(1);
    expect(second.start).toHaveBeenCalledTimes(1);
    expect(second.stop).not.toHaveBeenCalled();
  });
});
