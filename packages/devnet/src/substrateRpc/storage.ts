import {
  blake2b,
  bytesToHex,
  decodeSubstrateAddress,
  encodeSubstrateAddress,
  hexToBytes,
  toChecksumEthereumAddress,
} from '@nftkit/primitives';
import type { TypeRegistry } from '@polkadot/types';
import { expandMetadata } from '@polkadot/types/metadata';
import type { StorageEntry } from '@polkadot/types/primitive/types';
import { compactStripLength, u8aToHex } from '@polkadot/util';
import { RPC_ERROR, RpcError } from '../jsonRpc/errors.js';
import { collectionKeySuffix, nftTokenKeySuffix } from '../runtime/common/storageKey.js';
import { decodeMetadata } from '../runtime/metadata/build.js';
import { devnetMetadata } from '../runtime/metadata/pallets.js';
import { accountIdKeySuffix, accountKeySuffix } from '../runtime/system/storageKey.js';
import { type HeadState, type KeyArg, type Reader, STORAGE_READERS } from './storageItems.js';

/**
 * Raw storage reads (`state_getStorage` and friends) over the items the devnet models (storageItems.ts), with keys
 * and values encoded per its metadata: a key is `twox128(pallet) ‖ twox128(item)` then each argument behind its
 * hasher; the value is SCALE of the item's type. A key is decoded back to its arguments only when every hash in it
 * is the hash of the argument behind it; any other key (an item or a key shape the devnet does not model, a wrong
 * hash, trailing bytes) reads as absent (`null`), never a guess.
 */

export type { HeadState } from './storageItems.js';

type ArgKind = 'u32' | 'account' | 'cross';
/** Hex digits of the hash before an argument, per hasher whose key can be read back (the `…Concat` ones). */
const HASH_DIGITS: Record<string, number> = { Blake2_128Concat: 32, Twox64Concat: 16, Identity: 0 };
const KIND_OF_TYPE: Record<string, ArgKind> = {
  u32: 'u32',
  AccountId32: 'account',
  PalletEvmAccountBasicCrossAccountIdRepr: 'cross',
};

type Item = {
  section: string;
  method: string;
  entry: StorageEntry;
  /** `0x` + 64 hex digits: the item's key prefix. */
  prefix: string;
  args: { kind: ArgKind; hasher: string; hashDigits: number }[];
  read: Reader;
  encode(value: unknown): string;
  /** The value SCALE `hex` holds, as @polkadot/types reads it (throws on bytes that are none). */
  decode(hex: string): { toHex(): string; toJSON(): unknown };
};

type Codec = { registry: TypeRegistry; items: Map<string, Item>; byName: Map<string, Item> };

type AccountInfoValue = {
  nonce: number;
  consumers: number;
  providers: number;
  sufficients: number;
  data: { free: bigint; reserved: bigint; frozen: bigint; flags: bigint };
};

/**
 * `System.Account`'s value (`FrameSystemAccountInfo`: four u32 and four u128, little-endian) written directly: it is
 * the most read value and building it through @polkadot/types costs most of a read. A test holds these bytes to what
 * the metadata's type encodes.
 */
function encodeAccountInfo(value: unknown): string {
  const v = value as AccountInfoValue;
  const out = new Uint8Array(80);
  const view = new DataView(out.buffer);
  for (const [i, n] of [v.nonce, v.consumers, v.providers, v.sufficients].entries())
    view.setUint32(i * 4, n, true);
  for (const [i, n] of [v.data.free, v.data.reserved, v.data.frozen, v.data.flags].entries()) {
    view.setBigUint64(16 + i * 16, BigInt.asUintN(64, n), true);
    view.setBigUint64(24 + i * 16, n >> 64n, true);
  }
  return u8aToHex(out);
}

const HAND_ENCODED: Readonly<Record<string, (value: unknown) => string>> = {
  'system.account': encodeAccountInfo,
};

let codec: Codec | undefined;
/** The modeled items' keys and value encoders, from the metadata, built once. */
function storageCodec(): Codec {
  if (codec) return codec;
  const { registry, metadata } = decodeMetadata(devnetMetadata());
  const { query } = expandMetadata(registry, metadata);
  const items = new Map<string, Item>();
  const byName = new Map<string, Item>();
  for (const [section, readers] of Object.entries(STORAGE_READERS))
    for (const [method, read] of Object.entries(readers)) {
      const entry = query[section]?.[method];
      if (!entry) throw new Error(`the devnet's metadata has no ${section}.${method}`);
      const type = entry.meta.type;
      const args: Item['args'] = [];
      if (type.isMap) {
        const { hashers, key } = type.asMap;
        const keyIds = hashers.length === 1 ? [key] : registry.lookup.getSiType(key).def.asTuple.toArray();
        hashers.forEach((h, i) => {
          const def = registry.lookup.getTypeDef(keyIds[i]!);
          const kind = KIND_OF_TYPE[def.lookupName ?? def.type];
          const hashDigits = HASH_DIGITS[h.type];
          if (!kind || hashDigits === undefined)
            throw new Error(`${section}.${method}: no key reader for ${h.type}(${def.type})`);
          args.push({ kind, hasher: h.type, hashDigits });
        });
      }
      const valueType = registry.createLookupType(type.isMap ? type.asMap.value : type.asPlain);
      const item: Item = {
        section,
        method,
        entry,
        prefix: u8aToHex(entry.keyPrefix()),
        args,
        read,
        encode:
          HAND_ENCODED[`${section}.${method}`] ??
          ((value) => u8aToHex(registry.createType(valueType, value).toU8a())),
        decode: (hex) => registry.createType(valueType, hex),
      };
      items.set(item.prefix, item);
      byName.set(`${section}.${method}`, item);
    }
  codec = { registry, items, byName };
  return codec;
}

/** One argument read from `hex` at `at` (hex digits): its value as the devnet stores it, and where it ends. */
function readArg(kind: ArgKind, hex: string, at: number): [KeyArg, number] | undefined {
  switch (kind) {
    case 'u32': {
      const digits = hex.slice(at, at + 8);
      if (digits.length !== 8) return undefined;
      return [new DataView(hexToBytes(digits).buffer).getUint32(0, true), at + 8];
    }
    case 'account': {
      const digits = hex.slice(at, at + 64);
      if (digits.length !== 64) return undefined;
      return [encodeSubstrateAddress(hexToBytes(digits)), at + 64];
    }
    case 'cross': {
      const variant = hex.slice(at, at + 2);
      if (variant === '00') return readArg('account', hex, at + 2);
      if (variant !== '01') return undefined;
      const digits = hex.slice(at + 2, at + 42);
      if (digits.length !== 40) return undefined;
      return [toChecksumEthereumAddress(`0x${digits}`), at + 42];
    }
  }
}

/** A key's item and arguments; `undefined` for a key that is not exactly one of a modeled item's keys. */
function decodeKey(key: string): { item: Item; args: KeyArg[] } | undefined {
  if (key.length < 66 || !HEX.test(key)) return undefined;
  const item = storageCodec().items.get(key.slice(0, 66));
  if (!item) return undefined;
  const args: KeyArg[] = [];
  let at = 66;
  // The hashes must be the arguments' own. A Blake2_128Concat hash is checked here; a key with another hasher is
  // rebuilt from its arguments and compared whole.
  let rebuild = false;
  for (const { kind, hasher, hashDigits } of item.args) {
    const start = at + hashDigits;
    const read = readArg(kind, key, start);
    if (!read) return undefined;
    const [arg, end] = read;
    if (hasher === 'Blake2_128Concat') {
      if (bytesToHex(blake2b(hexToBytes(key.slice(start, end)), 16)).slice(2) !== key.slice(at, start))
        return undefined;
    } else if (hasher !== 'Identity') rebuild = true;
    args.push(arg);
    at = end;
  }
  if (at !== key.length) return undefined;
  if (rebuild && keyOf(item, args) !== key) return undefined;
  return { item, args };
}

/** Lower-case hex, as the RPC's parameters arrive (params.ts). */
const HEX = /^0x[0-9a-f]*$/;

/** An argument as @polkadot/types takes it for the item's key type. */
const argInput = (kind: ArgKind, arg: KeyArg): unknown =>
  kind !== 'cross' ? arg : String(arg).startsWith('0x') ? { Ethereum: arg } : { Substrate: arg };

function keyOf(item: Item, args: readonly KeyArg[]): string {
  const inputs = args.map((a, i) => argInput(item.args[i]!.kind, a));
  return u8aToHex(compactStripLength(item.entry(...inputs))[1]);
}

/** The key of a modeled item at these arguments (`section.method` as @polkadot/api names it). */
export function storageKey(name: string, ...args: KeyArg[]): string {
  const item = storageCodec().byName.get(name);
  if (!item) throw new Error(`the devnet models no storage item ${name}`);
  if (args.length !== item.args.length) throw new Error(`${name} takes ${item.args.length} key arguments`);
  return keyOf(item, args);
}

/** `System.Account`'s key for a 32-byte account id (hashed here directly: it is the most read key). */
export function accountKey(accountId: Uint8Array): string {
  const prefix = storageCodec().byName.get('system.account')!.prefix;
  return `${prefix}${accountIdKeySuffix(accountId)}`;
}

/** The account id a `System.Account` key names, or undefined for any other key (its hash part checked). */
export function accountIdOfKey(key: string): Uint8Array | undefined {
  const decoded = decodeKey(key.toLowerCase());
  if (decoded?.item.section !== 'system' || decoded.item.method !== 'account') return undefined;
  return decodeSubstrateAddress(String(decoded.args[0]));
}

/** What the devnet keeps of an account (consumers, providers, sufficients and flags are not modelled). */
export type AccountValue = { nonce: number; free: bigint; reserved: bigint; frozen: bigint };

/**
 * The account record a SCALE `AccountInfo` holds (what `state_getStorage` answers for `System.Account`), or
 * undefined for bytes that are not exactly one.
 */
export function decodeAccountInfo(hex: string): AccountValue | undefined {
  const item = storageCodec().byName.get('system.account')!;
  let info: ReturnType<Item['decode']>;
  try {
    info = item.decode(hex);
  } catch {
    return undefined;
  }
  if (info.toHex() !== hex.toLowerCase()) return undefined;
  const a = info.toJSON() as { nonce: number; data: Record<'free' | 'reserved' | 'frozen', string | number> };
  return {
    nonce: a.nonce,
    free: BigInt(a.data.free),
    reserved: BigInt(a.data.reserved),
    frozen: BigInt(a.data.frozen),
  };
}

/**
 * The head state's value at a key (hex), or `null` when the devnet holds nothing there: an entry the chain does not
 * have (an account that never existed, a missing token, a zero balance), or a key it does not model.
 */
export function readStorage(state: HeadState, key: string): string | null {
  const decoded = decodeKey(key);
  if (!decoded) return null;
  const value = decoded.item.read(state, decoded.args);
  return value === undefined ? null : decoded.item.encode(value);
}

/**
 * Where in an item's keys a page starts, in hex of the part after the item's prefix: after `after` (none: from the
 * first key) and within `[from, to)`.
 */
type KeyRange = { after: string | undefined; from: string; to: string; limit: number };

/**
 * The items whose keys the devnet can list in key order, each from an index on its key: the plain values (one key,
 * present when the value is), `System.Account` (`runtime/system/storageKey.ts`), Common's per-collection maps
 * (every collection has an entry in each) and Nonfungible's per-token maps (every NFT has one in each), the last two
 * through `runtime/common/storageKey.ts`. The other maps (per-account balances and flags, which are absent at zero,
 * and `System.BlockHash`) are keyed by hashes no table indexes.
 */
const LISTERS: Readonly<Record<string, (state: HeadState, item: Item, r: KeyRange) => string[]>> = {
  'system.account': ({ chain }, item, r) =>
    chain.storage.system
      .accountsByKey(r.after ?? '', r.from, r.to, r.limit)
      .map((address) => `${item.prefix}${accountKeySuffix(address)}`),
  'system.number': plainKey,
  'system.parentHash': plainKey,
  'timestamp.now': plainKey,
  'common.collectionById': collectionKeys,
  'common.collectionProperties': collectionKeys,
  'common.collectionPropertyPermissions': collectionKeys,
  'nonfungible.tokenData': nftTokenKeys,
  'nonfungible.tokenProperties': nftTokenKeys,
};

function collectionKeys({ chain }: HeadState, item: Item, r: KeyRange): string[] {
  return chain.storage.common
    .collectionsByKey(r.after ?? '', r.from, r.to, r.limit)
    .map((id) => `${item.prefix}${collectionKeySuffix(id)}`);
}

function nftTokenKeys({ chain }: HeadState, item: Item, r: KeyRange): string[] {
  return chain.storage.nonfungible
    .tokensByKey(r.after ?? '', r.from, r.to, r.limit)
    .map(([c, t]) => `${item.prefix}${nftTokenKeySuffix(c, t)}`);
}

function plainKey(state: HeadState, item: Item, r: KeyRange): string[] {
  // The one key is the prefix itself (an empty part after it): in the range only when the range starts before it.
  return r.from === '' && r.after === undefined && item.read(state, []) !== undefined ? [item.prefix] : [];
}

/** After every hex key suffix starting with a given hex string (hex digits sort below it). */
const AFTER_HEX = 'g';

/**
 * The keys the devnet holds under `prefix`, in key order, after `startKey` (exclusive), at most `count`, each read
 * from an index: a page costs what it returns. A prefix reaching keys the devnet cannot list in order (the
 * per-account maps, `System.BlockHash`) is refused, naming them, rather than answered with some of its keys.
 */
export function keysPaged(
  state: HeadState,
  prefix: string,
  count: number,
  startKey: string | undefined,
): string[] {
  const items = [...storageCodec().items.values()]
    .filter((i) => i.prefix.startsWith(prefix) || prefix.startsWith(i.prefix))
    .sort((a, b) => (a.prefix < b.prefix ? -1 : 1));
  const unlisted = items.filter((i) => !LISTERS[`${i.section}.${i.method}`]);
  if (unlisted.length > 0)
    throw new RpcError(
      RPC_ERROR.server,
      `the devnet cannot list the keys of ${unlisted.map((i) => `${i.section}.${i.method}`).join(', ')} in key order; read them by key (the unique_* RPC lists collections and tokens), or give a prefix of another item`,
    );
  const keys: string[] = [];
  for (const item of items) {
    const limit = count - keys.length;
    if (limit === 0) break;
    // The part of the prefix and of the start key inside this item's keys.
    const from = prefix.length > item.prefix.length ? prefix.slice(item.prefix.length) : '';
    let after: string | undefined;
    if (startKey !== undefined && startKey >= item.prefix) {
      if (!startKey.startsWith(item.prefix)) continue; // the page starts past this item's keys
      after = startKey.slice(item.prefix.length);
    }
    const range = { after, from, to: `${from}${AFTER_HEX}`, limit };
    keys.push(...LISTERS[`${item.section}.${item.method}`]!(state, item, range));
  }
  return keys;
}
