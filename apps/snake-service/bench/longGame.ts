import { type Direction, type GameState, isOpposite } from '@nftkit/snake-engine';
import { playRecordedGame, type RecordedGame } from '@nftkit/snake-protocol';

// A Hamiltonian cycle over x, y in 0..33 (an even square): along the top row to the left, then down and up the
// columns in turn. A snake that follows it never hits itself while it is shorter than the cycle, so a game can last
// as long as the bench wants; then it runs straight into the wall.
function cycleDirection(x: number, y: number): Direction {
  if (y === 0) return x > 0 ? 'LEFT' : 'DOWN';
  if (x % 2 === 0) return y < 33 ? 'DOWN' : 'RIGHT';
  if (y > 1) return 'UP';
  return x === 33 ? 'UP' : 'RIGHT';
}

/** A recorded game of at least `ticks` ticks (it ends within a few dozen more, at the wall). */
export function longGame(ticks: number, seed = 1): RecordedGame & { score: number } {
  const policy = (state: GameState): Direction[] => {
    const head = state.snake[0];
    if (!head || state.ticks >= ticks) return [];
    const want = cycleDirection(head.x, head.y);
    const current = state.playground.direction;
    if (want === current) return [];
    // Only while the snake is one cell long can the cycle ask for a reversal: step aside first.
    return isOpposite(want, current) ? [want === 'UP' || want === 'DOWN' ? 'LEFT' : 'UP'] : [want];
  };
  const game = playRecordedGame(seed, policy, ticks + 200);
  if (!game.over || game.ticks < ticks) throw new Error(`the long game ended at tick ${game.ticks}`);
  return game;
}
