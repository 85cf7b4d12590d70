import './failure.css';
import type { Failure } from './ErrorBoundary';
import { isChunkLoadError } from './loadChunk';
import { uiText } from './strings';

const detailOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * What shows where part of the page failed: a short message; for a chunk that did not load, Retry (it loads it
 * again) beside Reload; for anything else Reload only. The error itself is one small line under them.
 */
export function FailureMessage({ error, retry, whole = false }: Failure & { whole?: boolean }) {
  const chunk = isChunkLoadError(error);
  return (
    <div className={`failure${whole ? ' failure--page' : ''}`} role="alert" data-testid="failure">
      <p className="failure__text">{chunk ? uiText.failure.chunk : uiText.failure.other}</p>
      <div className="failure__actions">
        {chunk && (
          <button type="button" className="button" onClick={retry}>
            {uiText.failure.retry}
          </button>
        )}
        <button
          type="button"
          className={`button${chunk ? ' button--ghost' : ''}`}
          onClick={() => location.reload()}
        >
          {uiText.failure.reload}
        </button>
      </div>
      <p className="failure__detail">{detailOf(error)}</p>
    </div>
  );
}
