import { decodeSubstrateAddress, encodeSubstrateAddress } from '@nftkit/primitives';
import { blake2b } from '@noble/hashes/blake2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { expandMetadata } from '@polkadot/types/metadata';
import type { StorageEntry } from '@polkadot/types/primitive/types';
import type { Chain } from '../chain/chain.js';
import { decodeMetadata } from '../runtime/metadata/build.js';
import { devnetMetadata } from '../runtime/metadata/pallets.js';

/**
 * The storage items the devnet answers raw storage reads for (`state_getStorage` and friends), with keys and values
 * encoded per its own metadata: `System.Account` (a Blake2_128Concat map of AccountInfo), `System.Number` and
 * `Timestamp.Now`. Any other key is one the devnet does not model and reads as absent (`null`), never a guess.
 */

/** `ExtraFlags`' IS_NEW_LOGIC bit: set on every account created under today's balances logic. */
const NEW_LOGIC_FLAGS = 1n << 127n;

type Codec = {
  accountPrefix: string;
  numberKey: string;
  nowKey: string;
  encodeAccount(info: AccountValue): string;
  encodeU32(n: number): string;
  encodeU64(n: number): string;
};
type AccountValue = { nonce: number; free: bigint; reserved: bigint; frozen: bigint };

let codec: Codec | undefined;
/** Keys and value encoders from the metadata, built once. */
function storageCodec(): Codec {
  if (codec) return codec;
  const { registry, metadata } = decodeMetadata(devnetMetadata());
  const { query } = expandMetadata(registry, metadata);
  const entry = (pallet: string, item: string): StorageEntry => {
    const e = query[pallet]?.[item];
    if (!e) throw new Error(`the devnet's metadata has no ${pallet}.${item}`);
    return e;
  };
  const prefix = (e: StorageEntry) => `0x${bytesToHex(e.keyPrefix())}`;
  const account = entry('system', 'account');
  const accountType = registry.createLookupType(account.meta.type.asMap.value);
  codec = {
    accountPrefix: prefix(account),
    numberKey: prefix(entry('system', 'number')),
    nowKey: prefix(entry('timestamp', 'now')),
    encodeAccount: (a) =>
      registry
        .createType(accountType, {
          nonce: a.nonce,
          consumers: 0,
          providers: 1,
          sufficients: 0,
          data: { free: a.free, reserved: a.reserved, frozen: a.frozen, flags: NEW_LOGIC_FLAGS },
        })
        .toHex(),
    encodeU32: (n) => registry.createType('u32', n).toHex(true),
    encodeU64: (n) => registry.createType('u64', n).toHex(true),
  };
  return codec;
}

/** `System.Account`'s key for a 32-byte account id. */
export function accountKey(accountId: Uint8Array): string {
  return `${storageCodec().accountPrefix}${bytesToHex(blake2b(accountId, { dkLen: 16 }))}${bytesToHex(accountId)}`;
}

/**
 * The head state's value at a key (hex), or `null` when the devnet holds nothing there: an account it has no row
 * for (as a chain has no entry for an account that never existed), or a key it does not model.
 */
export function readStorage(chain: Chain, headTimestamp: number, key: string): string | null {
  const c = storageCodec();
  if (key === c.numberKey) return c.encodeU32(chain.headNumber);
  if (key === c.nowKey) return c.encodeU64(headTimestamp);
  if (key.startsWith(c.accountPrefix) && key.length === c.accountPrefix.length + 96) {
    const id = hexToBytes(key.slice(c.accountPrefix.length + 32));
    // A key whose hash part does not belong to its id is no account's key: nothing is stored there.
    if (accountKey(id) !== key) return null;
    const address = encodeSubstrateAddress(id);
    if (!chain.storage.system.hasAccount(address)) return null;
    return c.encodeAccount(chain.storage.system.account(address));
  }
  return null;
}

/**
 * The keys the devnet holds under a prefix, in key order, after `startKey` (exclusive), at most `count`: the two
 * plain items and one `System.Account` key per account row.
 */
export function keysPaged(
  chain: Chain,
  prefix: string,
  count: number,
  startKey: string | undefined,
): string[] {
  const c = storageCodec();
  const keys = [c.numberKey, c.nowKey];
  // Only a prefix that can reach System.Account's keys reads the account table.
  if (c.accountPrefix.startsWith(prefix) || prefix.startsWith(c.accountPrefix))
    for (const { address } of chain.storage.system.allAccounts()) {
      // Ethereum addresses have no System.Account row of their own (they act through their SS58 mirror).
      if (!address.startsWith('0x')) keys.push(accountKey(decodeSubstrateAddress(address)));
    }
  return keys
    .filter((k) => k.startsWith(prefix) && (startKey === undefined || k > startKey))
    .sort()
    .slice(0, count);
}
