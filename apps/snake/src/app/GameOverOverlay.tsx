import { type RefObject, useEffect } from 'react';
import { leaderboardText } from '../service/strings';
import { tokenText } from '../token/strings';
import { useSnakeToken } from '../token/useSnakeToken';
import { isOverlayOpen } from '../ui/overlays';
import { uiText } from '../ui/strings';
import type { Watched } from './useWatchBest';

const INTERACTIVE = 'button, a, input, select, textarea, summary, [contenteditable], dialog';

/**
 * Game over as a moment, on the board: the score, the best score (a new best celebrated), the token update's
 * progress and result, and Play again — its button, or Enter or Space from anywhere that is not itself a control.
 */
export function GameOverOverlay({
  score,
  best,
  isNewBest,
  onPlayAgain,
  busy,
  hasWallet,
  counted,
  watched,
  buttonRef,
}: {
  score: number;
  best: number;
  isNewBest: boolean;
  onPlayAgain: () => void;
  /** Minting: Play again waits. */
  busy: boolean;
  /** Without a wallet the token line says what connecting one would add. */
  hasWallet: boolean;
  /** Whether this game's result went to a token: if not, no token's totals are shown under its score. */
  counted: boolean;
  /** A best game watched from the leaderboard (not the player's): whose, and the score it recorded. */
  watched: Watched | null;
  buttonRef: RefObject<HTMLButtonElement | null>;
}) {
  const { updating, notice, token } = useSnakeToken();

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      if (event.repeat || event.ctrlKey || event.metaKey || event.altKey || isOverlayOpen()) return;
      // A focused control answers Enter and Space itself.
      if (event.target instanceof Element && event.target.closest(INTERACTIVE)) return;
      event.preventDefault();
      onPlayAgain();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [onPlayAgain]);

  const totals = token
    ? `${tokenText.totalScore} ${token.totalScore} · ${tokenText.gamesPlayed} ${token.gamesPlayed}`
    : '';
  const showUpdating = !watched && counted && updating;
  // A first game's result brings the player's token: it is being made, not updated.
  const tokenLine = showUpdating
    ? token
      ? tokenText.updating
      : tokenText.minting
    : watched
      ? leaderboardText.watched(watched.player, watched.score)
      : (notice?.text ?? (!hasWallet ? uiText.tokenHint : counted ? totals : uiText.notCounted));
  const tone = showUpdating ? 'progress' : watched ? 'info' : (notice?.kind ?? 'info');

  return (
    <section className="over" aria-labelledby="over-title" data-testid="game-over">
      <h2 className="over__title" id="over-title">
        {uiText.gameOver}
      </h2>
      <p className="over__score" data-testid="over-score">
        Score: {score}
      </p>
      <p className={`over__best${isNewBest ? ' over__best--new' : ''}`} data-testid="over-best">
        {isNewBest ? uiText.newBest : `Best: ${best}`}
      </p>
      <button
        type="button"
        className="button over__again"
        ref={buttonRef}
        onClick={onPlayAgain}
        disabled={busy}
      >
        {uiText.playAgain}
      </button>
      <p className="over__keys hint--keys">{uiText.playAgainKeys}</p>
      {/* Last, and of fixed height: a longer answer from the chain moves nothing above it. */}
      <p className={`over__token over__token--${tone}`} role="status" data-testid="over-token">
        {showUpdating && <span className="spinner" aria-hidden="true" />}
        <span>{tokenLine}</span>
      </p>
    </section>
  );
}
