import type { SnakeTokenTotals } from '../token/snakeToken';
import { getTokenState, setTokenState } from '../token/tokenState';

/** Totals only grow: an answer read before a newer one (a Start racing a result) never rolls the panel back. */
export function showTotals(token: SnakeTokenTotals | null | undefined): void {
  if (!token) return;
  const shown = getTokenState().token;
  const older =
    shown !== null &&
    shown.collectionId === token.collectionId &&
    shown.tokenId === token.tokenId &&
    token.gamesPlayed < shown.gamesPlayed;
  if (!older) setTokenState({ token });
}
