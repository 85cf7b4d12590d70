import { isHex } from '@nftkit/primitives';
import { RoyaltyError, show } from '../errors.js';
import {
  decodePartBody,
  encodeRoyaltyPartsBody,
  type RoyaltyPart,
  type RoyaltyPartInput,
  validateRoyaltyPart,
} from './part.js';

/** Spec §5: royalties must be an array; every part is checked. */
export const validateRoyalties = (parts: unknown): RoyaltyPart[] => {
  if (!Array.isArray(parts)) throw new RoyaltyError('INVALID_ROYALTY', 'Royalties must be an array');
  return parts.map(validateRoyaltyPart);
};

/** A list of parts as the on-chain `royalties` property value (0x + 128 hex characters per part). */
export const encodeRoyalties = (parts: readonly RoyaltyPartInput[]): string =>
  `0x${encodeRoyaltyPartsBody(validateRoyalties(parts))}`;

/** Decodes a `royalties` property value; `0x` (or an empty string) is an empty list. */
export const decodeRoyalties = (encoded: string): RoyaltyPart[] => {
  if (typeof encoded !== 'string')
    throw new RoyaltyError(
      'INVALID_ROYALTY_ENCODING',
      `Royalties encoding must be a hex string, got ${show(encoded)}`,
    );
  if (encoded === '') return [];
  if (encoded.length < 2 || (encoded.length - 2) % 128 !== 0)
    throw new RoyaltyError(
      'INVALID_ROYALTY_ENCODING',
      'Invalid royalties encoding - length is not multiple of 64 bytes (128 symbols)',
    );
  if (!isHex(encoded))
    throw new RoyaltyError(
      'INVALID_ROYALTY_ENCODING',
      `Invalid royalties encoding - not a hex string: ${encoded}`,
    );
  const body = encoded.slice(2).toLowerCase();
  const parts: RoyaltyPart[] = [];
  for (let i = 0; i < body.length; i += 128) parts.push(decodePartBody(body.slice(i, i + 128)));
  return parts;
};
