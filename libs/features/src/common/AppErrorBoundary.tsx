import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from '@pando/ui';
import type { HttpLogger } from '@pando/data-access';
import { isChunkLoadError } from './preloadable';

export interface AppErrorBoundaryProps {
  children: ReactNode;
  logger?: HttpLogger;
  /**
   * Shown instead of the error screen, e.g. the shell without live chat when the chat crashes.
   * Not for a chunk that could not be loaded: only a reload helps then (the error screen offers
   * it), and showing the same children again would request the chunk again.
   */
  fallback?: ReactNode;
}

interface State {
  reference: string | null;
  chunk: boolean;
}

/** The screen for a render crash: a chunk that could not be loaded asks for a reload. */
export function CrashScreen({ error, reference }: { error: unknown; reference?: string }) {
  return (
    <ErrorScreen
      kind={isChunkLoadError(error) ? 'newVersion' : 'crash'}
      {...(reference !== undefined ? { reference } : {})}
      onReload={() => {
        window.location.reload();
      }}
    />
  );
}

/**
 * Spec 01 §2: a render crash shows the generic 'Something went wrong.' screen instead of a blank
 * page. The reference (a short random id, also logged) lets support find the log line. A part of
 * the app that could not be downloaded (after a redeploy) shows "A new version of Pando is
 * available" with Reload instead.
 */
export class AppErrorBoundary extends Component<AppErrorBoundaryProps, State> {
  override state: State = { reference: null, chunk: false };

  static getDerivedStateFromError(error: unknown): State {
    return { reference: Math.random().toString(36).slice(2, 10), chunk: isChunkLoadError(error) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    this.props.logger?.error('[RENDER CRASH]', {
      reference: this.state.reference,
      message: error.message,
      componentStack: info.componentStack ?? '',
    });
  }

  override render(): ReactNode {
    if (this.state.reference !== null) {
      if (this.props.fallback !== undefined && !this.state.chunk) return this.props.fallback;
      return (
        <ErrorScreen
          kind={this.state.chunk ? 'newVersion' : 'crash'}
          reference={this.state.reference}
          onReload={() => {
            window.location.reload();
          }}
        />
      );
    }
    return this.props.children;
  }
}
