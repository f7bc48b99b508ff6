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
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = undefined; // a later render asks again (e.g. after a network failure)
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  const waits = 'fallback' in options;

  function Preloaded(props: P) {
    const [state, setState] = useState<{ component?: ComponentType<P>; error?: unknown }>(() =>
      loaded ? { component: loaded } : {},
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
          if (live) setState({ error });
        },
      );
      return () => {
        live = false;
      };
    }, [missing]);
    if (state.error !== undefined) {
      // To the nearest error boundary, as a failed `React.lazy` import does.
      throw state.error instanceof Error
        ? state.error
        : new Error('A part of the app could not be loaded.', { cause: state.error });
    }
    const Loaded = state.component;
    if (Loaded) return <Loaded {...props} />;
    if (waits) return <>{options.fallback}</>;
    return <Lazy {...props} />;
  }
  return { Component: Preloaded, preload };
}
