import { collectionAddressToId, isCollectionAddress } from './collectionAddress.js';
import { describe, PrimitivesError } from './errors.js';
import { isEthereumAddress } from './ethereum.js';
import { MAX_COLLECTION_ID, MAX_TOKEN_ID } from './libraryIds.js';

const DIGITS_NO_LEADING_ZERO = /^[1-9]\d*$/;

/**
 * A collection id as the REST API accepts it: an integer 1..4294967295, a digit string without a
 * leading zero, or the collection's EVM address. Anything else throws.
 */
export const parseApiCollectionId = (value: unknown): number => {
  if (typeof value === 'string' && isEthereumAddress(value)) {
    const id = isCollectionAddress(value) ? collectionAddressToId(value) : 0;
    if (id >= 1) return id;
  } else {
    const n = typeof value === 'string' && DIGITS_NO_LEADING_ZERO.test(value) ? Number(value) : value;
    if (typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= MAX_COLLECTION_ID) return n;
  }
  throw new PrimitivesError(
    'INVALID_ID',
    `collectionId must be an integer from 1 to ${MAX_COLLECTION_ID}, a digit string without a leading zero or a collection address, got ${describe(value)}`,
  );
};

export type ParseApiTokenIdOptions = {
  /** Accept a digit string (query strings are coerced); extrinsic arguments refuse strings. */
  allowString?: boolean;
  /** Accept 0 (a few routes, and fungible collections, use token id 0). */
  allowZero?: boolean;
};

/** A token id as the REST API accepts it: a positive integer up to 4294967295. */
export const parseApiTokenId = (value: unknown, options: ParseApiTokenIdOptions = {}): number => {
  const min = options.allowZero ? 0 : 1;
  const n =
    options.allowString && typeof value === 'string' && /^(0|[1-9]\d*)$/.test(value) ? Number(value) : value;
  if (typeof n === 'number' && Number.isInteger(n) && n >= min && n <= MAX_TOKEN_ID) return n;
  throw new PrimitivesError(
    'INVALID_ID',
    `tokenId must be ${options.allowZero ? 'a non-negative' : 'a positive'} integer up to ${MAX_TOKEN_ID}, got ${describe(value)}`,
  );
};
