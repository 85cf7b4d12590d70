import type { GameStore } from './gameStore';
import type { RecordedTurn } from './recording';

/** A recorded game being played back on the board: its turns, and how many of them are in. */
export type Playback = { readonly inputs: readonly RecordedTurn[]; next: number };

/**
 * One tick of the clock. While a game is played back, the turns it recorded at the engine's current tick go in
 * first, as the service's replay puts them (for t = 0, 1, …: the turns recorded at t, then the tick), so the board
 * shows the very game that was recorded.
 */
export function advance(store: GameStore, playback: Playback | null): void {
  if (playback) {
    const now = store.game().ticks;
    while ((playback.inputs[playback.next]?.tick ?? Number.POSITIVE_INFINITY) <= now) {
      store.dispatch({ type: 'turn', direction: playback.inputs[playback.next]!.direction });
      playback.next += 1;
    }
  }
  store.dispatch({ type: 'tick' });
}
