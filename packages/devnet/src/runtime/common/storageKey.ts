import { blake2b, bytesToHex } from '@nftkit/primitives';
import { xxhashAsU8a } from '@polkadot/util-crypto';

/**
 * The parts of Unique's storage keys after an item's prefix, for the maps whose keys `state_getKeysPaged` lists in
 * key order: each argument behind its hasher, in hex without `0x`. Keys sort by them, so the database indexes the
 * collections and tokens tables on them (the SQL functions below, registered on every connection) and a page of
 * keys is one range read of an index, as `System.Account`'s (`system/storageKey.ts`).
 */

const u32le = (n: number): Uint8Array => {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, n, true);
  return out;
};
const hex = (b: Uint8Array) => bytesToHex(b).slice(2);

/** `Blake2_128Concat(u32)`: `blake2_128(n) ‖ n`. */
export const blake2_128ConcatU32 = (n: number): string => {
  const b = u32le(n);
  return hex(blake2b(b, 16)) + hex(b);
};

/** `Twox64Concat(u32)`: `xxhash64(n) ‖ n`. */
export const twox64ConcatU32 = (n: number): string => {
  const b = u32le(n);
  return hex(xxhashAsU8a(b, 64)) + hex(b);
};

const isU32 = (v: unknown): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 0xffff_ffff;

/** `Common.CollectionById`'s (and `CollectionProperties`', `CollectionPropertyPermissions`') key part for a collection. */
export const collectionKeySuffix = (id: unknown): string | null =>
  isU32(id) ? blake2_128ConcatU32(id) : null;

/** `Nonfungible.TokenData`'s (and `TokenProperties`') key part for a token: both ids `Twox64Concat`. */
export const nftTokenKeySuffix = (collection: unknown, token: unknown): string | null =>
  isU32(collection) && isU32(token) ? twox64ConcatU32(collection) + twox64ConcatU32(token) : null;

/** The SQL functions the collections and tokens indexes are built with. */
export const COLLECTION_KEY_SQL_FUNCTION = 'collection_storage_key';
export const NFT_TOKEN_KEY_SQL_FUNCTION = 'nft_token_storage_key';
