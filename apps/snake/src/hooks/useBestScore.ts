import { useCallback, useState } from 'react';

export const BEST_SCORE_KEY = 'bestScore';

function read(): number {
  try {
    const value = Number.parseInt(localStorage.getItem(BEST_SCORE_KEY) ?? '', 10);
    return Number.isFinite(value) && value > 0 ? value : 0;
  } catch {
    return 0; // storage can be disabled; the game still plays
  }
}

/** The best score, kept in localStorage across visits. */
export function useBestScore() {
  const [best, setBest] = useState(read);
  const record = useCallback((score: number) => {
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
