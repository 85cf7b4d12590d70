// Bounds checked before any work that grows with the input, so one oversized result cannot stall the service.
import { INITIAL_TICK_RATE } from '@nftkit/snake-engine';

/** A game longer than this many ticks is refused (150 ms ticks: more than four hours of play). */
export const MAX_GAME_TICKS = 100_000;
/**
 * At most this many recorded turns per game. The page records only the turns the engine accepted (one direction
 * change per tick, plus the few the engine buffers), so honest games stay far below this.
 */
export const MAX_GAME_INPUTS = 20_000;
/** The service's body limit; a result with MAX_GAME_INPUTS turns fits. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Leaderboard page size bound. */
export const MAX_LEADERBOARD_LIMIT = 100;
/** A challenge is valid this long (contract: 5 minutes). */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** A session is valid this long (contract: 24 h). */
export const SESSION_TTL_MS = 24 * 60 * 60_000;
/** A game id may be sent back this long after Start (a MAX_GAME_TICKS game fits, plus time to resend after an outage). */
export const GAME_TTL_MS = 7 * 24 * 60 * 60_000;
/**
 * The longest `BestGame` property value the service writes (characters of ASCII text, so bytes). The chain allows
 * 32 768 bytes a value and 32 768 for all of a token's properties together; the rest (totals, applied games, the
 * schema-2 metadata) takes under 4 KB, so this leaves room.
 */
export const BEST_GAME_MAX_CHARS = 24_576;
/**
 * The least time a game of `ticks` ticks takes: every tick waits at least the starting tick period (it only grows,
 * +1 ms a snack). A check of the claim that costs nothing, made before any replay.
 */
export const leastGameDurationMs = (ticks: number): number => ticks * INITIAL_TICK_RATE;
