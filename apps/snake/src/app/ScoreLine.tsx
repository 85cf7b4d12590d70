import { isScoreShown, scoreOf } from '@nftkit/snake-engine';
import { memo } from 'react';
import { type GameStore, useGameValue } from '../hooks/useGame';

/** Score and best score: the only text that changes during play, so it reads the score from the store itself. */
export const ScoreLine = memo(function ScoreLine({ store, best }: { store: GameStore; best: number }) {
  const score = useGameValue(store, scoreOf);
  return (
    <div className="scoreline">
      <p className="scoreline__score" aria-live="polite" aria-atomic="true" data-testid="score">
        {isScoreShown(score) ? <span key={score}>Score: {score}</span> : ''}
      </p>
      <p className="scoreline__best" data-testid="best">
        Best: {best}
      </p>
    </div>
  );
});
