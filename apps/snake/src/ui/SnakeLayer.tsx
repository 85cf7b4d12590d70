import type { Direction, Position } from '@nftkit/snake-engine';
import { memo, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { TEST_HOOKS } from '../config/build';
import { SnakeAnimator } from './snakeAnimator';

export interface SnakeViewHook {
  /** Draws one frame now (at `progress` through the tick when given) and answers the head as drawn, in grid cells. */
  draw(progress?: number): { x: number; y: number };
  readonly motion: boolean;
}

declare global {
  interface Window {
    __snakeView?: SnakeViewHook;
  }
}

export interface SnakeLayerProps {
  snake: readonly Position[];
  direction: Direction;
  isGameOver: boolean;
  playing: boolean;
  /** The engine's tick period (ms): a glide takes one tick. */
  period: number;
  /** One cell in device pixels. */
  cell: number;
  /** Glide, bursts and the growing collision ring; off under prefers-reduced-motion. */
  motion: boolean;
}

/**
 * The snake, drawn on a canvas over the board's cells at the display's frame rate (snakeAnimator.ts). The board's
 * cells keep the snake's `data-cell` marks for tests and assistive tech; the canvas is decoration.
 */
export const SnakeLayer = memo(function SnakeLayer(props: SnakeLayerProps) {
  const { snake, direction, isGameOver, playing, period, cell, motion } = props;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [animator] = useState(() => new SnakeAnimator(props));

  useLayoutEffect(() => {
    animator.attach(canvasRef.current);
    return () => animator.detach();
  }, [animator]);
  useLayoutEffect(() => animator.setTiming(period, direction), [animator, period, direction]);
  useLayoutEffect(() => animator.setMotion(motion), [animator, motion]);
  useLayoutEffect(() => animator.setSnake(snake), [animator, snake]);
  useLayoutEffect(() => animator.setPlaying(playing), [animator, playing]);
  useLayoutEffect(() => animator.setGameOver(isGameOver), [animator, isGameOver]);
  useLayoutEffect(() => animator.resize(cell), [animator, cell]);

  useEffect(() => {
    if (!TEST_HOOKS) return;
    window.__snakeView = {
      draw: (progress) => animator.draw(performance.now(), progress),
      get motion() {
        return animator.motion;
      },
    };
    return () => {
      delete window.__snakeView;
    };
  }, [animator]);

  return <canvas ref={canvasRef} className="snake-layer" data-testid="snake-layer" />;
});
