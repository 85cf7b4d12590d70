import { PrimitivesError } from './errors.js';

/** Collection and token ids are u32 on chain. */
export const MAX_COLLECTION_ID = 4294967295;
export const MAX_TOKEN_ID = 4294967295;

/** A collection or token id as the library takes it: an integer 0..4294967295. */
export const isValidLibraryId = (n: unknown): n is number =>
  typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= MAX_COLLECTION_ID;

/** Returns `n` when it is a library id, else throws naming the field. */
export const assertLibraryId = (n: unknown, field: 'collectionId' | 'tokenId' = 'collectionId'): number => {
  if (!isValidLibraryId(n))
    throw new PrimitivesError('INVALID_ID', `${field} should be a number between 0 and 0xffffffff`);
  return n;
};

/** Eight lower-case hex digits of a u32 whose range is already checked. */
export const u32Hex = (n: number): string => n.toString(16).padStart(8, '0');
