import { fractionDigits, scaleToInteger, unscale } from '../decimal.js';
import { RoyaltyError, show } from '../errors.js';
import type { Royalty } from '../schemas/royalty.js';
import { decodeRoyalties, validateRoyalties } from './list.js';
import { encodeRoyaltyPartsBody, type RoyaltyPart, validateRoyaltyPart } from './part.js';

/** Spec §9: a v2 percent is stored with 4 decimals, i.e. percent × 100. */
export const V2_ROYALTY_DECIMALS = 4;

/** The binary part for one v2 royalty: version 1, decimals 4, value percent × 100 (exact decimal arithmetic). */
export const royaltyToPart = (royalty: Royalty): RoyaltyPart => {
  if (typeof royalty !== 'object' || royalty === null)
    throw new RoyaltyError('INVALID_ROYALTY', `Royalty must be an object, got ${show(royalty)}`);
  const { address, percent, isPrimaryOnly } = royalty;
  if (typeof percent !== 'number' || !Number.isFinite(percent) || percent < 0 || percent > 100)
    throw new RoyaltyError(
      'INVALID_ROYALTY',
      `Royalty percent must be a number between 0 and 100, got ${show(percent)}`,
    );
  if (fractionDigits(percent) > 2)
    throw new RoyaltyError('INVALID_ROYALTY', 'Royalty percent value must has maximum 2 decimal places');
  return validateRoyaltyPart({
    version: 1,
    decimals: V2_ROYALTY_DECIMALS,
    value: scaleToInteger(percent, 2)!,
    royaltyType: isPrimaryOnly ? 'PRIMARY_ONLY' : 'DEFAULT',
    address,
  });
};

/** The v2 form of a part: percent = value / 10^(decimals - 2). */
export const partToRoyalty = (part: RoyaltyPart): Royalty => {
  const royalty: Royalty = { address: part.address, percent: unscale(part.value, part.decimals - 2) };
  if (part.royaltyType === 'PRIMARY_ONLY') royalty.isPrimaryOnly = true;
  return royalty;
};

/** v2 royalties (`[{address, percent, isPrimaryOnly?}]`) as the `royalties` property value. */
export const encodeRoyaltiesV2 = (royalties: readonly Royalty[]): string => {
  if (!Array.isArray(royalties)) validateRoyalties(royalties);
  return `0x${encodeRoyaltyPartsBody(royalties.map(royaltyToPart))}`;
};

/** The `royalties` property value in the v2 form; addresses come back normalized (SS58 format 42, EIP-55). */
export const decodeRoyaltiesV2 = (encoded: string): Royalty[] => decodeRoyalties(encoded).map(partToRoyalty);
