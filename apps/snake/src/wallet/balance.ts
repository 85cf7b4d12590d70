import { parseCoins } from '@nftkit/primitives';

export const BALANCE_DISPLAY_DECIMALS = 4;

/**
 * `available` (a coin amount as `/balances/get` answers it, e.g. "1000.123456") shown with exactly 4 decimals,
 * truncated (never rounded up: a player must not see more than they hold). Exact: the amount goes through wei as a
 * bigint, never a float.
 */
export function formatBalance(available: string, decimals: number): string {
  const wei = parseCoins(available, decimals);
  const unit = 10n ** BigInt(decimals);
  const whole = wei / unit;
  const fraction = (wei % unit).toString().padStart(decimals, '0').slice(0, BALANCE_DISPLAY_DECIMALS);
  return `${whole}.${fraction.padEnd(BALANCE_DISPLAY_DECIMALS, '0')}`;
}

/** The header's balance text: `{available} {symbol}`. */
export function balanceLabel(available: string, decimals: number, symbol: string): string {
  return `${formatBalance(available, decimals)} ${symbol}`;
}
