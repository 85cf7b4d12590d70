import { createInitialState, type GameState, gameReducer, scoreOf } from '@nftkit/snake-engine';

/** Plays a few ticks of a seeded game: the same seed and actions always give the same board. */
export function quickstart(): { score: number; head: GameState['snake'][number] | undefined; over: boolean } {
  let state = createInitialState();
  state = gameReducer(state, { type: 'start', seed: 42 }); // snake at (18,18), random direction, a snack
  state = gameReducer(state, { type: 'turn', direction: 'UP' }); // buffered (two per tick at most)
  state = gameReducer(state, { type: 'tick' }); // one move
  return { score: scoreOf(state), head: state.snake[0], over: state.playground.isGameOver };
}
