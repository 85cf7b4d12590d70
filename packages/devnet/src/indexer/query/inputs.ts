import { parseApiCollectionId, parseApiTokenId } from '@nftkit/primitives';
import { normalizeFilterAddress } from '../addresses.js';
import { badQuery } from '../errors.js';

/**
 * Filter values beyond what the route schemas check: addresses normalized like stored ones, ids parsed like the
 * REST API parses them. A value that can never be valid is the caller's mistake: 400 naming the field.
 */
export function addresses(field: string, values: readonly string[] | undefined): string[] | undefined {
  return values?.map((v, i) => address(values.length > 1 ? `${field}.${i}` : field, v));
}

export function address(field: string, value: string): string {
  const a = normalizeFilterAddress(value);
  if (!a)
    throw badQuery(
      `Validation Error: ${field}: ${JSON.stringify(value)} is not a Substrate or Ethereum address`,
    );
  return a;
}

export function collectionIds(field: string, values: readonly string[] | undefined): number[] | undefined {
  return values?.map((v) => collectionId(field, v));
}

export function collectionId(field: string, value: string | number): number {
  try {
    return parseApiCollectionId(typeof value === 'string' ? value.trim() : value);
  } catch (e) {
    throw badQuery(`Validation Error: ${field}: ${(e as Error).message}`);
  }
}

export function tokenIds(
  field: string,
  values: readonly (string | number)[] | undefined,
): number[] | undefined {
  return values?.map((v) => {
    try {
      return parseApiTokenId(typeof v === 'string' ? v.trim() : v, { allowString: true, allowZero: true });
    } catch (e) {
      throw badQuery(`Validation Error: ${field}: ${(e as Error).message}`);
    }
  });
}

/** A `…Like` filter: a SQL LIKE pattern when it has a `%`, else a substring; case-insensitive for ASCII. */
export function likePattern(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  return value.includes('%') ? value : `%${value}%`;
}
