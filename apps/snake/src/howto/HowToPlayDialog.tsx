import { Suspense, useEffect, useState } from 'react';
import { howToPlayPageUrl, howToPlayUrl, repositoryUrl } from '../config/build';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { FailureMessage } from '../ui/FailureMessage';
import { Chunk, LazyChunk } from '../ui/lazyChunk';
import { Modal } from '../ui/Modal';
import { fetchHowToPlay } from './fetchHowToPlay';

const markdown = new LazyChunk(() => import('./Markdown'));

/** Spec §8, kept word for word. */
export const HOW_TO_PLAY_ERROR =
  'There was error fetching the HOW_TO_PLAY.md ... The server might not be reachable.';

type Load = { state: 'loading' } | { state: 'done'; text: string } | { state: 'error' };

const Loading = () => <p className="howto__loading">Loading...</p>;

export function HowToPlayDialog({ onClose, url = howToPlayUrl }: { onClose: () => void; url?: string }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    fetchHowToPlay(url, { signal: controller.signal }).then(
      (text) => setLoad({ state: 'done', text }),
      () => {
        if (!controller.signal.aborted) setLoad({ state: 'error' });
      },
    );
    return () => controller.abort();
  }, [url]);

  return (
    <Modal title="How to play" onClose={onClose} className="howto">
      {load.state === 'loading' && <Loading />}
      {load.state === 'error' && (
        <div className="howto__error" role="alert">
          <p>
            <strong>{HOW_TO_PLAY_ERROR}</strong>
          </p>
          <p>
            Read{' '}
            <a href={howToPlayPageUrl} target="_blank" rel="noreferrer noopener">
              HOW_TO_PLAY.md
            </a>{' '}
            directly
            {repositoryUrl && (
              <>
                {' '}
                or visit{' '}
                <a href={repositoryUrl} target="_blank" rel="noreferrer noopener">
                  the repository
                </a>
              </>
            )}
            .
          </p>
        </div>
      )}
      {load.state === 'done' && (
        <ErrorBoundary fallback={(failure) => <FailureMessage {...failure} />}>
          <Suspense fallback={<Loading />}>
            <Chunk of={markdown} text={load.text} />
          </Suspense>
        </ErrorBoundary>
      )}
    </Modal>
  );
}
