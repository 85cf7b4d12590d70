export type Direction = 'UP' | 'DOWN' | 'LEFT' | 'RIGHT';
export type GameRule = 'WITH_BORDERS' | 'WITHOUT_BORDERS';

export interface Position {
  readonly x: number;
  readonly y: number;
}

export interface PlaygroundState {
  readonly direction: Direction;
  readonly isGameOver: boolean;
}

export interface GameState {
  readonly appVersion: string;
  readonly packageVersion: string;
  readonly isPlaying: boolean;
  readonly isPaused: boolean;
  readonly rule: GameRule;
  readonly tickRate: number;
  readonly playground: PlaygroundState;
  /** Spec §3: the grid indices; empty after a reset, rebuilt on start. */
  readonly grid: readonly number[];
  /** Head first; empty before the first game and after a reset. */
  readonly snake: readonly Position[];
  readonly snack: Position | null;
  /** Turns pressed since the last tick, oldest first (at most MAX_BUFFERED_TURNS). */
  readonly turns: readonly Direction[];
  /** PRNG state: the engine's only source of randomness, so a seed replays a game exactly. */
  readonly seed: number;
  /** Counts started games; with isGameOver it lets a listener fire once per game. */
  readonly gameId: number;
  /** Ticks applied in the current game. */
  readonly ticks: number;
}

export type GameAction =
  | { readonly type: 'start'; readonly seed: number; readonly rule?: GameRule }
  | { readonly type: 'stop' }
  | { readonly type: 'tick' }
  | { readonly type: 'turn'; readonly direction: Direction }
  | { readonly type: 'pause' }
  | { readonly type: 'resume' }
  | { readonly type: 'togglePause' }
  | { readonly type: 'reset' };
