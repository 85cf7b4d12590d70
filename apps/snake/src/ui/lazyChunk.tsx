import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { loadChunk } from './loadChunk';

// Chunks whose last load failed: an error boundary's retry gives each a fresh start.
const failed = new Set<{ reset(): void }>();

/**
 * A component in a chunk of its own, loaded when first shown (`React.lazy`), that can be loaded again after a
 * failure. React keeps a lazy component's failure for good (and renders it again at once to be sure), so the failed
 * lazy stays until a retry (`retryFailedChunks`, which ErrorBoundary's retry calls) puts a fresh one in its place.
 * Show it with `<Chunk of={…} {...props} />`.
 */
export class LazyChunk<P extends object> {
  #current: LazyExoticComponent<ComponentType<P>>;

  constructor(private readonly load: () => Promise<{ default: ComponentType<P> }>) {
    this.#current = this.#fresh();
  }

  get component(): ComponentType<P> {
    return this.#current as unknown as ComponentType<P>;
  }

  reset(): void {
    failed.delete(this);
    this.#current = this.#fresh();
  }

  #fresh(): LazyExoticComponent<ComponentType<P>> {
    return lazy(() =>
      loadChunk(this.load).catch((error: unknown) => {
        failed.add(this);
        throw error;
      }),
    );
  }
}

/** The next render of every chunk that failed to load loads it again. */
export function retryFailedChunks(): void {
  for (const chunk of [...failed]) chunk.reset();
}

/** Shows the component of a `LazyChunk` with its props (inside a Suspense and an ErrorBoundary). */
export function Chunk<P extends object>({ of, ...props }: { of: LazyChunk<P> } & P) {
  const Component = of.component;
  return <Component {...(props as unknown as P)} />;
}
