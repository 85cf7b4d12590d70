import { RoyaltyError, show } from '../errors.js';
import type { Royalty } from '../schemas/royalty.js';
import { type RoyaltyPart, type RoyaltyPartInput, validateRoyaltyPart } from './part.js';
import { royaltyToPart } from './v2.js';

export type RoyaltyAmount = { address: string; amount: bigint };

const toPrice = (price: unknown): bigint => {
  if (typeof price === 'bigint' && price >= 0n) return price;
  if (typeof price === 'number' && Number.isSafeInteger(price) && price >= 0) return BigInt(price);
  if (typeof price === 'string' && /^\d+$/.test(price)) return BigInt(price);
  throw new RoyaltyError('INVALID_ROYALTY', `Sell price must be a non-negative integer, got ${show(price)}`);
};

const toPart = (royalty: RoyaltyPartInput | Royalty): RoyaltyPart =>
  typeof royalty === 'object' && royalty !== null && 'percent' in royalty
    ? royaltyToPart(royalty)
    : validateRoyaltyPart(royalty);

/** The amount one part takes from a sale: price × value / 10^decimals, rounded down (integers, no floats). */
export const calculateRoyaltyPart = (
  royalty: RoyaltyPartInput | Royalty,
  sellPrice: bigint | number | string,
): RoyaltyAmount => {
  const part = toPart(royalty);
  return { address: part.address, amount: (toPrice(sellPrice) * part.value) / 10n ** BigInt(part.decimals) };
};

/**
 * The royalties due on a sale: on a primary sale only PRIMARY_ONLY parts apply, on a secondary sale
 * only DEFAULT parts. Accepts binary parts or v2 royalties (`isPrimaryOnly` marks PRIMARY_ONLY).
 */
export const calculateRoyalties = (
  royalties: readonly (RoyaltyPartInput | Royalty)[],
  isPrimarySale: boolean,
  sellPrice: bigint | number | string,
): RoyaltyAmount[] => {
  if (!Array.isArray(royalties)) throw new RoyaltyError('INVALID_ROYALTY', 'Royalties must be an array');
  const price = toPrice(sellPrice);
  return royalties
    .map(toPart)
    .filter((p) => isPrimarySale === (p.royaltyType === 'PRIMARY_ONLY'))
    .map((p) => ({ address: p.address, amount: (price * p.value) / 10n ** BigInt(p.decimals) }));
};
