import {
  createInitialState,
  type Direction,
  type GameState,
  gameReducer,
  scoreOf,
} from '@nftkit/snake-engine';
import { MAX_GAME_INPUTS, MAX_GAME_TICKS } from './limits.js';

/** One `turn` the page dispatched, with `tick` = the engine's `state.ticks` at that moment. */
export interface GameTurn {
  readonly tick: number;
  readonly direction: Direction;
}

/** A finished game as the page records it: the service's seed, every turn in order, and `state.ticks` at game over. */
export interface RecordedGame {
  readonly seed: number;
  readonly inputs: readonly GameTurn[];
  readonly ticks: number;
}

export type ReplayFailure =
  | 'TOO_MANY_INPUTS'
  | 'TOO_MANY_TICKS'
  | 'INPUTS_OUT_OF_ORDER'
  | 'INPUT_AFTER_END'
  | 'ENDED_EARLY'
  | 'NOT_OVER';

export type ReplayOutcome =
  | {
      readonly ok: true;
      /** The replayed score (snake length − 1 at game over). */
      readonly score: number;
      readonly ticks: number;
      /** The least wall time the game can have taken: the tick period before every tick dispatch, summed. */
      readonly minDurationMs: number;
      /** The turns the engine kept (the others changed nothing): the same game, recorded without them. */
      readonly kept: readonly GameTurn[];
    }
  | { readonly ok: false; readonly reason: ReplayFailure; readonly field: string; readonly message: string };

const fail = (reason: ReplayFailure, field: string, message: string): ReplayOutcome & { ok: false } => ({
  ok: false,
  reason,
  field,
  message: `${field} ${message}`,
});

/**
 * The checks of a recorded game that need no replay (its bounds, the order of its turns), in time linear in the
 * number of turns: the refusal, or null when the game may be replayed. `replayGame` makes them first.
 */
export function checkRecordedGame(game: RecordedGame): (ReplayOutcome & { ok: false }) | null {
  const { inputs, ticks } = game;
  if (inputs.length > MAX_GAME_INPUTS)
    return fail('TOO_MANY_INPUTS', 'inputs', `has more than ${MAX_GAME_INPUTS} turns`);
  if (!Number.isInteger(ticks) || ticks < 0 || ticks > MAX_GAME_TICKS)
    return fail('TOO_MANY_TICKS', 'ticks', `must be an integer in 0..${MAX_GAME_TICKS}`);
  for (let i = 0; i < inputs.length; i += 1) {
    const tick = inputs[i]?.tick ?? 0;
    if (i > 0 && tick < (inputs[i - 1]?.tick ?? 0))
      return fail('INPUTS_OUT_OF_ORDER', `inputs[${i}].tick`, 'is smaller than the turn before it');
    if (tick > ticks)
      return fail('INPUT_AFTER_END', `inputs[${i}].tick`, `is after the game's last tick (${ticks})`);
  }
  return null;
}

/**
 * Replays a recorded game with the engine (contract: `start` with the seed, rule WITH_BORDERS; for t = 0, 1, …
 * dispatch the turns recorded at tick t in order, then one `tick`, until game over). The game must end exactly when
 * `state.ticks` is `ticks`; at most `ticks + 1` tick dispatches run, so the work is bounded by the claim.
 */
export function replayGame(game: RecordedGame): ReplayOutcome {
  const refused = checkRecordedGame(game);
  if (refused) return refused;
  const { inputs, ticks } = game;

  let state: GameState = gameReducer(createInitialState(), {
    type: 'start',
    seed: game.seed,
    rule: 'WITH_BORDERS',
  });
  let next = 0;
  let minDurationMs = 0;
  const kept: GameTurn[] = [];
  for (let t = 0; t <= ticks; t += 1) {
    for (let turn = inputs[next]; turn !== undefined && turn.tick === t; turn = inputs[next]) {
      const before = state;
      state = gameReducer(state, { type: 'turn', direction: turn.direction });
      // The engine answers an ignored turn with the same state object.
      if (state !== before) kept.push({ tick: t, direction: turn.direction });
      next += 1;
    }
    minDurationMs += state.tickRate;
    state = gameReducer(state, { type: 'tick' });
    if (state.playground.isGameOver) break;
  }
  if (!state.playground.isGameOver)
    return fail(
      'NOT_OVER',
      'ticks',
      `does not match the replay: the game is still running after tick ${ticks}`,
    );
  if (state.ticks !== ticks)
    return fail('ENDED_EARLY', 'ticks', `does not match the replay: the game ended at tick ${state.ticks}`);
  return { ok: true, score: scoreOf(state), ticks: state.ticks, minDurationMs, kept };
}

/**
 * Plays a game the way the page does and records it: `turnsAt(state)` gives the turns pressed before each tick (they
 * are dispatched, and recorded with the current `state.ticks`, whether or not the engine keeps them). Stops at game
 * over or after `maxTicks` ticks (then the game is not over and will not replay). For tests, benches and bots.
 */
export function playRecordedGame(
  seed: number,
  turnsAt: (state: GameState) => readonly Direction[],
  maxTicks = MAX_GAME_TICKS,
): RecordedGame & { readonly score: number; readonly over: boolean } {
  let state = gameReducer(createInitialState(), { type: 'start', seed, rule: 'WITH_BORDERS' });
  const inputs: GameTurn[] = [];
  while (!state.playground.isGameOver && state.ticks <= maxTicks) {
    for (const direction of turnsAt(state)) {
      inputs.push({ tick: state.ticks, direction });
      state = gameReducer(state, { type: 'turn', direction });
    }
    const before = state.ticks;
    state = gameReducer(state, { type: 'tick' });
    if (!state.playground.isGameOver && state.ticks === before) break;
  }
  return { seed, inputs, ticks: state.ticks, score: scoreOf(state), over: state.playground.isGameOver };
}
