export const BEST_SCORE_KEY = 'bestScore';

/**
 * A stored best score, validated when read: only the decimal digits of a non-negative safe integer count
 * ("12"); anything else ("1e+23", "-3", "7.5", "12abc", a number past 2^53) is ignored and reads as 0.
 */
export function parseBestScore(raw: string | null): number {
  if (raw === null || !/^\d{1,16}$/.test(raw)) return 0;
  const value = Number(raw);
  return Number.isSafeInteger(value) ? value : 0;
}
