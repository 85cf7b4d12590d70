import { blake2b, bytesToHex, decodeSubstrateAddress, isEthereumAddress } from '@nftkit/primitives';

/**
 * The part of an account's `System.Account` key after the item's prefix: its `Blake2_128Concat` hasher,
 * `blake2_128(id) ‖ id`, in hex without `0x`. Keys sort by it, so the database indexes the accounts table on it (the
 * SQL function {@link ACCOUNT_KEY_SQL_FUNCTION}) and `state_getKeysPaged` pages through them in key order without
 * reading the whole table. `null` for an Ethereum address: it has no `System.Account` entry of its own.
 */
export function accountKeySuffix(address: string): string | null {
  if (isEthereumAddress(address)) return null;
  return accountIdKeySuffix(decodeSubstrateAddress(address));
}

/** `blake2_128(id) ‖ id` for a 32-byte account id, in hex without `0x`. */
export function accountIdKeySuffix(id: Uint8Array): string {
  return bytesToHex(blake2b(id, 16)).slice(2) + bytesToHex(id).slice(2);
}

/** The SQL function the accounts index is built with; every connection to the database registers it. */
export const ACCOUNT_KEY_SQL_FUNCTION = 'account_storage_key';
