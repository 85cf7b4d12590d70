import type { Direction } from '@nftkit/snake-engine';
import { deflateSync, inflateSync } from 'fflate';
import { BEST_GAME_MAX_CHARS, MAX_GAME_INPUTS, MAX_GAME_TICKS } from './limits.js';
import { type GameTurn, type RecordedGame, replayGame } from './replay.js';

/**
 * The player's best game as the token keeps it (token property `BestGame`), so anyone can read it from the chain,
 * watch it and check its score with the engine. Text, so every REST and indexer answer shows it as it is:
 *
 *   `1.<score>.<base64url of deflate-raw of the game>`
 *
 * The score stands in the clear so a reader (the leaderboard, the service deciding whether a game beats the best)
 * need not inflate; `verifyBestGame` replays the game and checks it. The game, before compression: the seed (u32,
 * little-endian), then unsigned LEB128 varints: `ticks`, the number of turns, and for each turn
 * `(tick − previous turn's tick) << 2 | direction` with direction 0 UP, 1 DOWN, 2 LEFT, 3 RIGHT. Only turns the
 * engine kept are stored (`replayGame`'s `kept`): the others change nothing, so the replay is the same game.
 *
 * Size: at most MAX_GAME_INPUTS turns whose tick steps add up to at most MAX_GAME_TICKS, so the varints take at most
 * one byte a turn plus one more for each step of 32 ticks or longer (≤ 23.2 KB before compression); compressed and
 * in base64 a real game takes far less. A game whose text would pass BEST_GAME_MAX_CHARS is not stored: the
 * token keeps the best game that fits (docs/decisions/game-service.md).
 */
export const BEST_GAME_FORMAT = '1';

/** The best game read back: the recorded game (kept turns only) and the score it claims. */
export interface BestGame extends RecordedGame {
  readonly score: number;
}

const DIRECTION_CODES: readonly Direction[] = ['UP', 'DOWN', 'LEFT', 'RIGHT'];
const CODE_OF: Record<Direction, number> = { UP: 0, DOWN: 1, LEFT: 2, RIGHT: 3 };
/** Seed + three varints of a header + a varint per turn (5 bytes each at most). */
const MAX_RAW_BYTES = 4 + 3 * 5 + MAX_GAME_INPUTS * 5;
const PATTERN = /^1\.(0|[1-9]\d{0,14})\.([A-Za-z0-9_-]+)$/;

function pushVarint(out: number[], value: number): void {
  let v = value;
  while (v >= 0x80) {
    out.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
}

const toBase64url = (bytes: Uint8Array): string => {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 1) binary += String.fromCharCode(bytes[i] ?? 0);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

const fromBase64url = (text: string): Uint8Array | null => {
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
};

/** The property value of a verified game (`inputs` may hold ignored turns too; pass `kept` to store fewer). */
export function encodeBestGame(game: BestGame): string {
  const raw: number[] = [];
  const seed = game.seed >>> 0;
  raw.push(seed & 0xff, (seed >>> 8) & 0xff, (seed >>> 16) & 0xff, seed >>> 24);
  pushVarint(raw, game.ticks);
  pushVarint(raw, game.inputs.length);
  let previous = 0;
  for (const turn of game.inputs) {
    pushVarint(raw, (turn.tick - previous) * 4 + CODE_OF[turn.direction]);
    previous = turn.tick;
  }
  const packed = deflateSync(Uint8Array.from(raw), { level: 9 });
  return `${BEST_GAME_FORMAT}.${game.score}.${toBase64url(packed)}`;
}

/** Whether an encoded best game fits the token (BEST_GAME_MAX_CHARS). */
export const bestGameFits = (value: string): boolean => value.length <= BEST_GAME_MAX_CHARS;

/** The score a `BestGame` value claims, without inflating it; null when the value is not one. */
export function bestScoreOf(value: string | undefined | null): number | null {
  if (!value) return null;
  const m = PATTERN.exec(value);
  return m?.[1] === undefined ? null : Number(m[1]);
}

/**
 * Reads a `BestGame` value back; null when it is not one (another format, corrupt, or beyond the game's bounds).
 * Bounded: the inflated bytes may not pass what MAX_GAME_INPUTS turns can take.
 */
export function decodeBestGame(value: string | undefined | null): BestGame | null {
  if (!value || value.length > BEST_GAME_MAX_CHARS) return null;
  const m = PATTERN.exec(value);
  if (!m?.[1] || !m[2]) return null;
  const packed = fromBase64url(m[2]);
  if (!packed) return null;
  let raw: Uint8Array;
  try {
    raw = inflateSync(packed, { out: new Uint8Array(MAX_RAW_BYTES + 1) });
  } catch {
    return null;
  }
  if (raw.length > MAX_RAW_BYTES || raw.length < 4) return null;
  let at = 4;
  const varint = (): number | null => {
    let value = 0;
    let scale = 1;
    for (let i = 0; i < 5; i += 1) {
      const byte = raw[at];
      if (byte === undefined) return null;
      at += 1;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 0x80;
    }
    return null;
  };
  const seed = ((raw[0] ?? 0) | ((raw[1] ?? 0) << 8) | ((raw[2] ?? 0) << 16) | ((raw[3] ?? 0) << 24)) >>> 0;
  const ticks = varint();
  const count = varint();
  if (ticks === null || count === null || ticks > MAX_GAME_TICKS || count > MAX_GAME_INPUTS) return null;
  const inputs: GameTurn[] = [];
  let tick = 0;
  for (let i = 0; i < count; i += 1) {
    const code = varint();
    if (code === null) return null;
    tick += Math.floor(code / 4);
    const direction = DIRECTION_CODES[code % 4];
    if (direction === undefined || tick > ticks) return null;
    inputs.push({ tick, direction });
  }
  if (at !== raw.length) return null;
  return { seed, ticks, inputs, score: Number(m[1]) };
}

/** Decodes and replays a `BestGame` value: the game when it replays to the score it claims, else null. */
export function verifyBestGame(value: string | undefined | null): BestGame | null {
  const game = decodeBestGame(value);
  if (!game) return null;
  const replay = replayGame(game);
  return replay.ok && replay.score === game.score ? game : null;
}
