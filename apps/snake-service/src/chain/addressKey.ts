import { normalizeAddress } from '@nftkit/primitives';
import { LRUCache } from 'lru-cache';

/**
 * Normal forms of addresses seen lately (null: not an address). Every request names its player, and the leaderboard
 * and the writer compare owners, while normalizing costs a base58 checksum (blake2b) or an EIP-55 one (keccak) each
 * time; the answer is a pure function of the text.
 */
const known = new LRUCache<string, { key: string | null }>({ max: 200_000 });

/** The account's normal form (SS58 prefix 42, EIP-55), or null when the text is not an address. */
export const accountKey = (address: string): string | null => {
  const hit = known.get(address);
  if (hit) return hit.key;
  let key: string | null;
  try {
    key = normalizeAddress(address);
  } catch {
    key = null;
  }
  known.set(address, { key });
  return key;
};

/** One key per account however its address is spelled (SS58 prefix, Ethereum case); the text itself otherwise. */
export const normalizeKey = (address: string): string => accountKey(address) ?? address;

/** Whether two texts are addresses of the same account form (`sameAddress` of @nftkit/primitives, memoized). */
export const sameAccount = (a: string, b: string): boolean => {
  const key = accountKey(a);
  return key !== null && key === accountKey(b);
};
