import type { Direction } from '@nftkit/snake-engine';
import { useEffect, useRef } from 'react';
import { isOverlayOpen } from '../ui/overlays';

const KEY_DIRECTIONS: Readonly<Record<string, Direction>> = {
  ArrowUp: 'UP',
  ArrowDown: 'DOWN',
  ArrowLeft: 'LEFT',
  ArrowRight: 'RIGHT',
  w: 'UP',
  W: 'UP',
  s: 'DOWN',
  S: 'DOWN',
  a: 'LEFT',
  A: 'LEFT',
  d: 'RIGHT',
  D: 'RIGHT',
};

export const directionForKey = (key: string): Direction | undefined => KEY_DIRECTIONS[key];

export interface KeyboardHandlers {
  isPlaying: boolean;
  onTurn: (direction: Direction) => void;
  onTogglePause: () => void;
}

/**
 * Arrows and WASD steer (their default action is always prevented, so arrows never scroll the page);
 * Space and P pause while playing. Keys typed inside a dialog are left alone, and no game key acts while a popup is
 * open (the game is paused behind it until the player closes it and resumes).
 */
export function useKeyboard(handlers: KeyboardHandlers): void {
  const ref = useRef(handlers);
  ref.current = handlers;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.target instanceof Element && event.target.closest('dialog')) return;
      if (isOverlayOpen()) return;
      const direction = directionForKey(event.key);
      if (direction) {
        event.preventDefault();
        if (ref.current.isPlaying) ref.current.onTurn(direction);
        return;
      }
      if ((event.key === ' ' || event.key === 'p' || event.key === 'P') && ref.current.isPlaying) {
        // Space would otherwise also press the focused button (Stop).
        event.preventDefault();
        if (!event.repeat) ref.current.onTogglePause();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
