import type { Direction } from '@nftkit/snake-engine';
import { useCallback, useRef } from 'react';

/** Shorter movements are taps, not swipes. */
const MIN_SWIPE_PX = 24;

export function swipeDirection(dx: number, dy: number): Direction | null {
  if (Math.max(Math.abs(dx), Math.abs(dy)) < MIN_SWIPE_PX) return null;
  if (Math.abs(dx) > Math.abs(dy)) return dx > 0 ? 'RIGHT' : 'LEFT';
  return dy > 0 ? 'DOWN' : 'UP';
}

/** Pointer handlers for the board: a swipe (touch, pen or mouse drag) turns the snake. */
export function useSwipe(onSwipe: (direction: Direction) => void) {
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const onSwipeRef = useRef(onSwipe);
  onSwipeRef.current = onSwipe;

  const onPointerDown = useCallback((event: React.PointerEvent) => {
    start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
  }, []);
  const onPointerUp = useCallback((event: React.PointerEvent) => {
    const from = start.current;
    start.current = null;
    if (!from || from.id !== event.pointerId) return;
    const direction = swipeDirection(event.clientX - from.x, event.clientY - from.y);
    if (direction) onSwipeRef.current(direction);
  }, []);
  const onPointerCancel = useCallback(() => {
    start.current = null;
  }, []);
  return { onPointerDown, onPointerUp, onPointerCancel };
}
