import { act, cleanup, render, screen } from '@testing-library/react';
import { Component, Suspense, useEffect, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, preloadable } from './preloadable';

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

type Screen = (props: { name: string }) => ReactNode;

const Greeting: Screen = ({ name }) => <p>Hello {name}</p>;

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error}</p> : this.props.children;
  }
}

describe('preloadable', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('loads the chunk once however often it is preloaded or rendered', async () => {
    const load = vi.fn(() => Promise.resolve(Greeting));
    const greeting = preloadable(load);
    await Promise.all([greeting.preload(), greeting.preload()]);
    render(<greeting.Component name="Alice" />);
    render(<greeting.Component name="Bob" />);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders a preloaded component in the first pass, without suspending', async () => {
    const greeting = preloadable(() => Promise.resolve(Greeting));
    await greeting.preload();
    // No Suspense boundary: a suspension would be an error here, and the text must be there
    // synchronously, before any promise settles.
    render(<greeting.Component name="Alice" />);
    expect(screen.getByText('Hello Alice')).toBeTruthy();
  });

  it('with a fallback, shows it until the chunk arrives, then the component, mounted once', async () => {
    const chunk = deferred<Screen>();
    const mounts = vi.fn();
    const Counted: Screen = ({ name }) => {
      useEffect(mounts, []);
      return <p>Hello {name}</p>;
    };
    const greeting = preloadable(() => chunk.promise, { fallback: <p>Loading…</p> });
    const { rerender } = render(<greeting.Component name="Alice" />);
    expect(screen.getByText('Loading…')).toBeTruthy();
    await act(async () => {
      chunk.resolve(Counted);
      await chunk.promise;
    });
    expect(screen.getByText('Hello Alice')).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
    rerender(<greeting.Component name="Bob" />);
    expect(screen.getByText('Hello Bob')).toBeTruthy();
    expect(mounts).toHaveBeenCalledTimes(1);
  });

  it('without a fallback, suspends to the nearest boundary until the chunk arrives', async () => {
    const chunk = deferred<Screen>();
    const greeting = preloadable(() => chunk.promise);
    render(
      <Suspense fallback={<p>Suspended</p>}>
        <greeting.Component name="Alice" />
      </Suspense>,
    );
    expect(screen.getByText('Suspended')).toBeTruthy();
    await act(async () => {
      chunk.resolve(Greeting);
      await chunk.promise;
    });
    expect(await screen.findByText('Hello Alice')).toBeTruthy();
  });

  it('a chunk that fails to load is asked once more, then reaches the error boundary', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi
      .fn<() => Promise<Screen>>()
      .mockRejectedValueOnce(new Error('dropped connection'))
      .mockResolvedValue(Greeting);
    const greeting = preloadable(load, { fallback: <p>Loading…</p> });
    render(
      <Boundary>
        <greeting.Component name="Alice" />
      </Boundary>,
    );
    expect(await screen.findByText('Hello Alice')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a chunk that fails twice is a ChunkLoadError, kept: no later mount requests it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi.fn<() => Promise<Screen>>().mockRejectedValue(new Error('404 chunk'));
    const greeting = preloadable(load, { fallback: <p>Loading…</p> });
    render(
      <Boundary>
        <greeting.Component name="Alice" />
      </Boundary>,
    );
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'A part of the app could not be loaded: 404 chunk',
    );
    const error = await greeting.preload().catch((e: unknown) => e);
    expect(isChunkLoadError(error)).toBe(true);
    cleanup();
    render(
      <Boundary>
        <greeting.Component name="Bob" />
      </Boundary>,
    );
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
