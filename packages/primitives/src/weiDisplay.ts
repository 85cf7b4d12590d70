import { formatCoins } from './coins.js';
import { type FormatNumberOptions, formatFixed, formatNumber } from './numberFormat.js';

/** A wei amount shown as coins per spec §9 (`1.234K`): `formatNumber(formatCoins(wei, decimals))`. */
export const formatWeiNumber = (
  wei: bigint | string,
  decimals?: number,
  options?: FormatNumberOptions,
): string => formatNumber(formatCoins(wei, decimals), options);

/** A wei amount shown as coins with a fixed number of decimals (default 3). */
export const formatWeiFixed = (wei: bigint | string, decimals?: number, precision?: number): string =>
  formatFixed(formatCoins(wei, decimals), precision);
