import { Component, type ReactNode } from 'react';
import { retryFailedChunks } from './lazyChunk';

export type Failure = { error: unknown; retry: () => void };

type Props = { children: ReactNode; fallback: (failure: Failure) => ReactNode };

/**
 * Catches what fails while its children render (a chunk that did not load, a bug) and shows `fallback` in their
 * place instead of leaving the page blank; `retry` renders the children again, loading anew any chunk that failed.
 */
export class ErrorBoundary extends Component<Props, { failed: boolean; error: unknown }> {
  override state = { failed: false, error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, error };
  }

  override componentDidCatch(error: unknown): void {
    console.error('Part of the page failed to show:', error);
  }

  retry = (): void => {
    retryFailedChunks();
    this.setState({ failed: false, error: null });
  };

  override render(): ReactNode {
    return this.state.failed
      ? this.props.fallback({ error: this.state.error, retry: this.retry })
      : this.props.children;
  }
}
