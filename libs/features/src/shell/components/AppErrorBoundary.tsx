import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from '@pando/ui';
import type { HttpLogger } from '@pando/data-access';

export interface AppErrorBoundaryProps {
  children: ReactNode;
  logger?: HttpLogger;
  /** Shown instead of the error screen, e.g. the shell without live chat when the chat crashes. */
  fallback?: ReactNode;
}

interface State {
  reference: string | null;
}

/**
 * Spec 01 §2: a render crash shows the generic 'Something went wrong.' screen instead of a blank
 * page. The reference (a short random id, also logged) lets support find the log line.
 */
export class AppErrorBoundary extends Component<AppErrorBoundaryProps, State> {
  override state: State = { reference: null };

  static getDerivedStateFromError(): State {
    return { reference: Math.random().toString(36).slice(2, 10) };
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
      if (this.props.fallback !== undefined) return this.props.fallback;
      return (
        <ErrorScreen
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
