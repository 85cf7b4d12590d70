import { type ReactNode, Suspense } from 'react';
import { ErrorBoundary } from './ErrorBoundary';
import { FailureMessage } from './FailureMessage';
import { Modal } from './Modal';

/**
 * A popup whose code loads when it opens (`lazyChunk`): nothing shows while it loads; when it fails, a popup with
 * the same title opens anyway and says so, with Retry.
 */
export function LazyPopup({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <ErrorBoundary
      fallback={(failure) => (
        <Modal title={title} onClose={onClose}>
          <FailureMessage {...failure} />
        </Modal>
      )}
    >
      <Suspense fallback={null}>{children}</Suspense>
    </ErrorBoundary>
  );
}
