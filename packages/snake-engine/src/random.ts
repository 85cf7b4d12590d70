/**
 * mulberry32 as a pure step: the generator's state lives in the game state, so the engine stays a pure
 * function and a seed replays a whole game (React may call reducers twice; a hidden stateful generator would drift).
 */
export interface RandomDraw {
  /** Uniform in [0, 1). */
  readonly value: number;
  readonly seed: number;
}

export function nextRandom(seed: number): RandomDraw {
  const next = (seed + 0x6d2b79f5) | 0;
  let t = next;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return { value: ((t ^ (t >>> 14)) >>> 0) / 4294967296, seed: next };
}

export interface RandomIntDraw {
  readonly value: number;
  readonly seed: number;
}

/** Uniform integer in [min, max] inclusive. */
export function randomInt(seed: number, min: number, max: number): RandomIntDraw {
  const draw = nextRandom(seed);
  return { value: min + Math.floor(draw.value * (max - min + 1)), seed: draw.seed };
}

/** Normalises any number (e.g. from a URL) to a 32-bit seed. */
export const toSeed = (value: number): number => (Number.isFinite(value) ? Math.trunc(value) | 0 : 0);
