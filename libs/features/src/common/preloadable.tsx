import { lazy, useEffect, useState, type ComponentType, type JSX, type ReactNode } from 'react';

export interface Preloadable<P extends object> {
  /** Renders the loaded component; while its chunk is not in, see `PreloadableOptions`. */
  Component: (props: P) => JSX.Element;
  /** Starts downloading the chunk (once); resolves when it is evaluated. */
  preload: () => Promise<ComponentType<P>>;
}

export interface PreloadableOptions {
  /**
   * Shown while the chunk loads, instead of suspending. Without it the component suspends like
   * `React.lazy` (the nearest Suspense boundary shows its fallback; a navigation in a transition
   * keeps the previous screen meanwhile).
   */
  fallback?: ReactNode;
}

/**
 * A part of the app whose code could not be loaded, twice: after a redeploy the old chunks answer
 * 404, or a chunk throws when it is evaluated. Only a reload (the new version) helps.
 */
class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super(
      `A part of the app could not be loaded${cause instanceof Error ? `: ${cause.message}` : '.'}`,
      { cause },
    );
    this.name = 'ChunkLoadError';
  }
}

/** Whether a render crash is a chunk that could not be loaded (the screen offers a reload). */
export function isChunkLoadError(error: unknown): boolean {
  return error instanceof ChunkLoadError;
}

/**
 * A code-split component that renders without suspending once its chunk is loaded.
 *
 * `React.lazy` suspends on its first render even when the chunk is already there (the import's
 * promise settles a tick later), the nearest Suspense boundary commits its fallback, and React 19
 * then holds the boundary's reveal back until 300 ms after the last fallback was shown. On the
 * way to the chat list that was up to 300 ms of idle main thread per code-split step (issue 10).
 * Here the component renders at once when its chunk is in. When it is not, with a `fallback` it
 * shows that and re-renders itself when the chunk arrives (an ordinary update, which React does
 * not hold back); without one it suspends as `React.lazy` does. The component is never swapped on
 * a mounted tree, which would remount everything below it.
 */
export function preloadable<P extends object>(
  load: () => Promise<ComponentType<P>>,
  options: PreloadableOptions = {},
): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    // One retry covers a dropped connection; a chunk that fails twice is gone (a redeploy
    // replaced it) or throws when evaluated, and only a reload helps: the failure is kept, so no
    // later mount asks again (a crash that remounts the screen re-requested it in a loop).
    loading ??= load()
      .catch(() => load())
      .then(
        (component) => {
          loaded = component;
          return component;
        },
        (error: unknown) => {
          throw new ChunkLoadError(error);
        },
      );
    return loading;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  const waits = 'fallback' in options;

  function Preloaded(props: P) {
    const [state, setState] = useState<{ component?: ComponentType<P>; error?: ChunkLoadError }>(
      () => (loaded ? { component: loaded } : {}),
    );
    const missing = state.component === undefined && state.error === undefined;
    useEffect(() => {
      if (!waits || !missing) return;
      let live = true;
      preload().then(
        (component) => {
          if (live) setState({ component });
        },
        (error: unknown) => {
          if (live) {
            setState({
              error: error instanceof ChunkLoadError ? error : new ChunkLoadError(error),
            });
          }
        },
      );
      return () => {
        live = false;
      };
    }, [missing]);
    // To the nearest error boundary, as a failed `React.lazy` import does; the boundary offers
    // a reload (`isChunkLoadError`).
    if (state.error !== undefined) throw state.error;
    const Loaded = state.component;
    if (Loaded) return <Loaded {...props} />;
    if (waits) return <>{options.fallback}</>;
    return <Lazy {...props} />;
  }
  return { Component: Preloaded, preload };
}
