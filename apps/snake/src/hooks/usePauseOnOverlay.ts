import type { GameAction } from '@nftkit/snake-engine';
import { useEffect } from 'react';
import { isOverlayOpen, subscribeOverlays } from '../ui/overlays';

/**
 * Pauses a running game the moment a popup opens (synchronously, before the clock can tick behind it). Closing the
 * popup leaves the game paused: the player resumes when ready.
 */
export function usePauseOnOverlay(dispatch: (action: GameAction) => void): void {
  useEffect(
    () =>
      subscribeOverlays(() => {
        if (isOverlayOpen()) dispatch({ type: 'pause' });
      }),
    [dispatch],
  );
}
