import type { Direction, Position } from '@nftkit/snake-engine';
import { DELTA } from '@nftkit/snake-engine';
import { BOARD_SIZE } from './boardModel';
import { glidePoints, isStep, tickProgress } from './glide';
import { BURST_MS, type Burst, CRASH_MS, drawFrame, type SnakeColours } from './snakeDraw';

export interface AnimatorInput {
  snake: readonly Position[];
  direction: Direction;
  isGameOver: boolean;
  playing: boolean;
  period: number;
  cell: number;
  motion: boolean;
}

type Clock = { now(): number; request(cb: (t: number) => void): number; cancel(id: number): void };

const browserClock: Clock = {
  now: () => performance.now(),
  request: (cb) => requestAnimationFrame(cb),
  cancel: (id) => cancelAnimationFrame(id),
};

function coloursOf(element: Element): SnakeColours {
  const css = getComputedStyle(element);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    body: v('--accent-dark', '#16a34a'),
    head: v('--accent', '#4ade80'),
    over: v('--over', '#ef4444'),
    overHead: v('--over-head', '#fca5a5'),
    eye: v('--bg', '#10141c'),
    snack: v('--snack', '#f59e0b'),
  };
}

/**
 * The snake on the board's canvas, between and across engine ticks. The engine's ticks are unchanged: each new
 * board starts a glide from the last one that lasts one tick period (glide.ts); requestAnimationFrame draws it at
 * the display's rate and stops when nothing moves. Pause holds the glide where it is.
 */
export class SnakeAnimator {
  private prev: readonly Position[] | null = null;
  private tickAt = 0;
  /** The progress held while paused or stopped; null while gliding. */
  private held: number | null = 0;
  private bursts: Burst[] = [];
  private crashAt: number | null = null;
  private points = new Float64Array(64);
  private colours: SnakeColours | null = null;
  private raf = 0;
  private canvas: HTMLCanvasElement | null = null;
  private input: AnimatorInput;

  constructor(
    input: AnimatorInput,
    private readonly clock: Clock = browserClock,
  ) {
    this.input = input;
  }

  attach(canvas: HTMLCanvasElement | null): void {
    this.canvas = canvas;
    this.colours = null;
    this.resize(this.input.cell);
  }

  detach(): void {
    if (this.raf) this.clock.cancel(this.raf);
    this.raf = 0;
    this.canvas = null;
  }

  /** A new board from the engine: glide from the last one; a grown snake gets a burst where it ate. */
  setSnake(snake: readonly Position[]): void {
    const before = this.input.snake;
    if (before === snake) return;
    const now = this.clock.now();
    this.prev = before;
    this.input = { ...this.input, snake };
    this.tickAt = now;
    if (this.held !== null) this.held = 0;
    const head = snake[0];
    if (this.input.motion && head && snake.length === before.length + 1 && isStep(before, snake))
      this.bursts.push({ x: head.x, y: head.y, at: now + this.input.period });
    this.refresh();
  }

  setPlaying(playing: boolean): void {
    if (this.input.playing === playing) return;
    const now = this.clock.now();
    if (!playing) this.held ??= tickProgress(now, this.tickAt, this.input.period);
    else if (this.held !== null) {
      this.tickAt = now - this.held * this.input.period;
      this.held = null;
    }
    this.input = { ...this.input, playing };
    this.refresh();
  }

  setGameOver(isGameOver: boolean): void {
    if (this.input.isGameOver === isGameOver) return;
    this.input = { ...this.input, isGameOver };
    this.crashAt = isGameOver && this.input.motion ? this.clock.now() : null;
    if (isGameOver) this.bursts = [];
    this.refresh();
  }

  setMotion(motion: boolean): void {
    if (this.input.motion === motion) return;
    this.input = { ...this.input, motion };
    if (!motion) {
      this.bursts = [];
      this.crashAt = null;
    }
    this.refresh();
  }

  setTiming(period: number, direction: Direction): void {
    this.input = { ...this.input, period, direction };
  }

  resize(cell: number): void {
    this.input = { ...this.input, cell };
    if (this.canvas) {
      this.canvas.width = cell * BOARD_SIZE;
      this.canvas.height = cell * BOARD_SIZE;
    }
    this.draw(this.clock.now());
  }

  private progressAt(now: number): number {
    if (!this.input.motion || this.input.isGameOver) return 1;
    return this.held ?? tickProgress(now, this.tickAt, this.input.period);
  }

  /** Draws one frame; answers the head as drawn, in grid cells. */
  draw(now: number, progress = this.progressAt(now)): { x: number; y: number } {
    const { snake } = this.input;
    if (this.points.length < 2 * (snake.length + 2)) this.points = new Float64Array(4 * (snake.length + 2));
    const count = glidePoints(this.prev, snake, progress, this.points);
    const ctx = this.canvas?.getContext('2d');
    if (this.canvas && ctx) {
      this.colours ??= coloursOf(this.canvas);
      const head = snake[0];
      const neck = snake[1];
      const facing = head && neck ? { x: head.x - neck.x, y: head.y - neck.y } : null;
      const unit =
        facing && Math.abs(facing.x) + Math.abs(facing.y) === 1 ? facing : DELTA[this.input.direction];
      if (this.bursts.length > 0) this.bursts = this.bursts.filter((b) => now < b.at + BURST_MS);
      drawFrame(ctx, this.colours, {
        points: this.points,
        count,
        cell: this.input.cell,
        gameOver: this.input.isGameOver,
        dx: unit.x,
        dy: unit.y,
        now,
        bursts: this.bursts,
        crashAt: this.crashAt,
      });
    }
    return {
      x: count > 0 ? (this.points[0] as number) : Number.NaN,
      y: count > 0 ? (this.points[1] as number) : Number.NaN,
    };
  }

  private busy(now: number): boolean {
    if (!this.input.motion) return false;
    return (
      (this.input.playing && this.held === null && this.progressAt(now) < 1) ||
      this.bursts.length > 0 ||
      (this.crashAt !== null && now < this.crashAt + CRASH_MS)
    );
  }

  private readonly frame = (now: number) => {
    this.raf = 0;
    this.draw(now);
    if (this.busy(now)) this.raf = this.clock.request(this.frame);
  };

  /**
   * Draws at the next animation frame, and keeps drawing while something moves. Never synchronously: a tick's
   * commit stays as cheap as before the canvas (the frame paints the new cells and the snake together).
   */
  private refresh(): void {
    if (this.raf === 0) this.raf = this.clock.request(this.frame);
  }

  get motion(): boolean {
    return this.input.motion;
  }
}
