import { bufferTurn } from './input.js';
import { pauseGame, resetGame, resumeGame, startGame, stopGame } from './state.js';
import { step } from './step.js';
import type { GameAction, GameState } from './types.js';

/** The whole engine as one reducer: state + action → state, no timers and no hidden randomness. */
export function gameReducer(state: GameState, action: GameAction): GameState {
  switch (action.type) {
    case 'start':
      return startGame(state, action.seed, action.rule);
    case 'stop':
      return stopGame(state);
    case 'tick':
      return step(state);
    case 'turn':
      return bufferTurn(state, action.direction);
    case 'pause':
      return pauseGame(state);
    case 'resume':
      return resumeGame(state);
    case 'togglePause':
      return state.isPaused ? resumeGame(state) : pauseGame(state);
    case 'reset':
      return resetGame(state);
  }
}
