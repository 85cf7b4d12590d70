/** Spec §9 business constants of the game. */
export const GRID_SIZE = 35;
/** Grid indices 0..34 (spec §3 "Grid: the list of indices 0 to 34"). */
export const GRID_INDICES: readonly number[] = Array.from({ length: GRID_SIZE }, (_, i) => i);
export const START_POSITION = { x: 18, y: 18 } as const;
/** Snacks are placed only in 1..34 although the grid runs 0..34 (a spec discrepancy we keep). */
export const SNACK_MIN = 1;
export const SNACK_MAX = 34;
export const INITIAL_TICK_RATE = 150;
export const TICK_RATE_STEP = 1;
/** Quick turns pressed within one tick are kept up to this many, then dropped. */
export const MAX_BUFFERED_TURNS = 2;
export const APP_VERSION = '1.0.0';
export const PACKAGE_VERSION = '0.1.5';
