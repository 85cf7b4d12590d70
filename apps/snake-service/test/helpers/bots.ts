import { type Direction, type GameState, isOpposite } from '@nftkit/snake-engine';

/** A player who steers at the snack (never straight back): scores a few points, then usually hits its own tail. */
export function chaseSnack(state: GameState): Direction[] {
  const head = state.snake[0];
  const snack = state.snack;
  if (!head || !snack) return [];
  const current = state.playground.direction;
  const wanted: Direction[] = [];
  if (snack.x > head.x) wanted.push('RIGHT');
  if (snack.x < head.x) wanted.push('LEFT');
  if (snack.y > head.y) wanted.push('DOWN');
  if (snack.y < head.y) wanted.push('UP');
  const pick =
    wanted.find((d) => !isOpposite(d, current)) ?? (current === 'UP' || current === 'DOWN' ? 'LEFT' : 'UP');
  return pick !== current ? [pick] : [];
}
