import { useCallback, useState } from 'react';
import { BEST_SCORE_KEY, parseBestScore } from './bestScore';

function read(): number {
  try {
    return parseBestScore(localStorage.getItem(BEST_SCORE_KEY));
  } catch {
    return 0; // storage can be disabled; the game still plays
  }
}

/** The best score, kept in localStorage across visits (validated when read). */
export function useBestScore() {
  const [best, setBest] = useState(read);
  const record = useCallback((score: number) => {
    if (!Number.isSafeInteger(score) || score < 0) return;
    setBest((current) => {
      if (score <= current) return current;
      try {
        localStorage.setItem(BEST_SCORE_KEY, String(score));
      } catch {
        // keep it for this visit only
      }
      return score;
    });
  }, []);
  return { best, record };
}
