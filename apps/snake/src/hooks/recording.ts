import type { Direction, GameAction, GameState } from '@nftkit/snake-engine';
import { gameReducer } from '@nftkit/snake-engine';

/** A turn as the game service replays it: `tick` is the engine's `state.ticks` when the turn was dispatched. */
export type RecordedTurn = { readonly tick: number; readonly direction: Direction };

/** What a finished game sends to the game service besides its id. */
export type PlayedGame = {
  readonly inputs: readonly RecordedTurn[];
  /** The engine's `state.ticks` when the game ended. */
  readonly ticks: number;
  readonly durationMs: number;
};

/** Engine actions plus `load`, which only test builds use (to set up a board for browser tests and the benchmark). */
export type AppAction = GameAction | { readonly type: 'load'; readonly state: GameState };

// The turns as a list that grows at its head: appending copies nothing (a long game has thousands of turns) and the
// reducer stays pure (React may call it twice with the same state).
type TurnNode = { readonly turn: RecordedTurn; readonly previous: TurnNode | null };

/** The engine's state and the turns of the current game, reduced together so the record can never drift from play. */
export type RecordedState = { readonly game: GameState; readonly last: TurnNode | null };

export const initialRecordedState = (game: GameState): RecordedState => ({ game, last: null });

/** The current game's accepted turns, oldest first. */
export function recordedTurns(state: RecordedState): RecordedTurn[] {
  const turns: RecordedTurn[] = [];
  for (let node = state.last; node; node = node.previous) turns.push(node.turn);
  return turns.reverse();
}

/**
 * The engine's reducer plus the record of the current game. Only turns the engine accepted are recorded: a turn
 * refused while paused would be accepted by the replay (which never pauses), and any other refused turn would be
 * refused by the replay too, so leaving refused turns out replays the game exactly.
 */
export function recordingReducer(current: RecordedState, action: AppAction): RecordedState {
  if (action.type === 'load') return { game: action.state, last: null };
  const game = gameReducer(current.game, action);
  if (action.type === 'start') return { game, last: null };
  if (action.type === 'turn' && game !== current.game) {
    const turn = { tick: current.game.ticks, direction: action.direction };
    return { game, last: { turn, previous: current.last } };
  }
  return game === current.game ? current : { game, last: current.last };
}
