import { bytesToHex } from '@noble/hashes/utils.js';
import type { Chain } from '../chain/chain.js';
import { MAX_COLLECTION_PROPERTIES_SIZE, MAX_TOKEN_PROPERTIES_SIZE } from '../runtime/common/bounds.js';
import type { Collection, CollectionMode, StoredProperty } from '../runtime/common/types.js';
import type { RuntimeStorage } from '../runtime/storage.js';
import { collectionJson, crossAccountJson, propertyPermissionJson } from './opalShapes.js';

/**
 * What each storage item the devnet models holds, read from its tables: one reader per item of its metadata
 * (`runtime/<pallet>/metadata.ts`) that a dApp reads through `api.query`. A reader gets the key's arguments decoded
 * (a `u32` as a number, an account as the address the devnet stores) and answers the value in the shape
 * `@polkadot/types` takes for the item's type, or `undefined` where the chain keeps no entry: a missing collection
 * or token, a zero balance, a `false` flag (Opal removes those entries rather than storing the default).
 */

/** The head state a reader reads. */
export type HeadState = {
  chain: Chain;
  head: { number: number; timestamp: number; parent_hash: string };
};
export type KeyArg = number | string;
export type Reader = (state: HeadState, args: readonly KeyArg[]) => unknown;

/** How many block hashes `System.BlockHash` keeps (Opal's `BlockHashCount`, declared in system/metadata.ts). */
const BLOCK_HASH_COUNT = 2400;
/** `ExtraFlags`' IS_NEW_LOGIC bit: set on every account created under today's balances logic. */
const NEW_LOGIC_FLAGS = 1n << 127n;

const num = (a: KeyArg | undefined): number => a as number;
const acct = (a: KeyArg | undefined): string => a as string;
const positive = <T extends number | bigint>(v: T): T | undefined => (v > 0 ? v : undefined);

function collectionIn(storage: RuntimeStorage, id: number, mode: CollectionMode): Collection | undefined {
  const c = storage.common.collection(id);
  return c?.mode === mode ? c : undefined;
}

const hex = (b: Uint8Array) => `0x${bytesToHex(b)}`;
const utf8 = new TextEncoder();

/** `UpDataStructsProperties`: the map (key → value bytes, as hex), the value bytes consumed and the space reserved. */
const propertiesValue = (props: readonly StoredProperty[], consumed: number, reserved: number) => ({
  map: new Map(props.map((p) => [hex(utf8.encode(p.key)), hex(p.value)])),
  consumedSpace: consumed,
  reserved,
});

const system: Record<string, Reader> = {
  account: ({ chain }, [a]) => {
    const address = acct(a);
    if (!chain.storage.system.hasAccount(address)) return undefined;
    const info = chain.storage.system.account(address);
    return {
      nonce: info.nonce,
      consumers: 0,
      providers: 1,
      sufficients: 0,
      data: { free: info.free, reserved: info.reserved, frozen: info.frozen, flags: NEW_LOGIC_FLAGS },
    };
  },
  number: ({ head }) => head.number,
  parentHash: ({ head }) => (head.number > 0 ? head.parent_hash : undefined),
  // Each block's initialization records its parent's hash and drops the one `BlockHashCount` older; the
  // genesis hash stays.
  blockHash: ({ chain, head }, [n]) => {
    const k = num(n);
    if (k >= head.number || (k !== 0 && k < head.number - BLOCK_HASH_COUNT)) return undefined;
    return chain.blockHash(k);
  },
};

const timestamp: Record<string, Reader> = {
  now: ({ head }) => head.timestamp,
};

const common: Record<string, Reader> = {
  collectionById: ({ chain }, [c]) => {
    const col = chain.storage.common.collection(num(c));
    return col ? collectionJson(col) : undefined;
  },
  collectionProperties: ({ chain }, [c]) => {
    const col = chain.storage.common.collection(num(c));
    if (!col) return undefined;
    const props = chain.storage.common.properties(col.id);
    return propertiesValue(props, col.propertiesConsumed, MAX_COLLECTION_PROPERTIES_SIZE);
  },
  collectionPropertyPermissions: ({ chain }, [c]) => {
    const s = chain.storage.common;
    if (!s.collection(num(c))) return undefined;
    return new Map(
      s
        .propertyPermissions(num(c))
        .map((p) => [hex(utf8.encode(p.key)), propertyPermissionJson(p.permission)]),
    );
  },
};

const nonfungible: Record<string, Reader> = {
  tokensMinted: ({ chain }, [c]) => positive(collectionIn(chain.storage, num(c), 'NFT')?.tokensMinted ?? 0),
  tokensBurnt: ({ chain }, [c]) => positive(collectionIn(chain.storage, num(c), 'NFT')?.tokensBurnt ?? 0),
  tokenData: ({ chain }, [c, t]) => {
    if (!collectionIn(chain.storage, num(c), 'NFT')) return undefined;
    const token = chain.storage.nonfungible.token(num(c), num(t));
    return token ? { owner: crossAccountJson(token.owner) } : undefined;
  },
  tokenProperties: ({ chain }, [c, t]) => {
    if (!collectionIn(chain.storage, num(c), 'NFT')) return undefined;
    const token = chain.storage.nonfungible.token(num(c), num(t));
    if (!token) return undefined;
    const props = chain.storage.nonfungible.properties.all(num(c), num(t));
    return propertiesValue(props, token.propertiesConsumed, MAX_TOKEN_PROPERTIES_SIZE);
  },
  owned: ({ chain }, [c, a, t]) => {
    if (!collectionIn(chain.storage, num(c), 'NFT')) return undefined;
    return chain.storage.nonfungible.token(num(c), num(t))?.owner === acct(a) ? true : undefined;
  },
  accountBalance: ({ chain }, [c, a]) =>
    collectionIn(chain.storage, num(c), 'NFT')
      ? positive(chain.storage.nonfungible.balance(num(c), acct(a)))
      : undefined,
};

const refungible: Record<string, Reader> = {
  tokensMinted: ({ chain }, [c]) =>
    positive(collectionIn(chain.storage, num(c), 'ReFungible')?.tokensMinted ?? 0),
  totalSupply: ({ chain }, [c, t]) =>
    collectionIn(chain.storage, num(c), 'ReFungible')
      ? chain.storage.refungible.token(num(c), num(t))?.totalPieces
      : undefined,
  owned: ({ chain }, [c, a, t]) =>
    collectionIn(chain.storage, num(c), 'ReFungible') &&
    chain.storage.refungible.balance(num(c), num(t), acct(a)) > 0n
      ? true
      : undefined,
  accountBalance: ({ chain }, [c, a]) =>
    collectionIn(chain.storage, num(c), 'ReFungible')
      ? positive(chain.storage.refungible.tokenCount(num(c), acct(a)))
      : undefined,
  balance: ({ chain }, [c, t, a]) =>
    collectionIn(chain.storage, num(c), 'ReFungible')
      ? positive(chain.storage.refungible.balance(num(c), num(t), acct(a)))
      : undefined,
};

const fungible: Record<string, Reader> = {
  totalSupply: ({ chain }, [c]) =>
    collectionIn(chain.storage, num(c), 'Fungible')
      ? positive(chain.storage.fungible.totalSupply(num(c)))
      : undefined,
  balance: ({ chain }, [c, a]) =>
    collectionIn(chain.storage, num(c), 'Fungible')
      ? positive(chain.storage.fungible.balance(num(c), acct(a)))
      : undefined,
};

/**
 * The readers by `api.query` section and item (camel-cased as @polkadot/api names them). An item of the metadata
 * without a reader here reads as absent.
 */
export const STORAGE_READERS: Readonly<Record<string, Readonly<Record<string, Reader>>>> = {
  system,
  timestamp,
  common,
  nonfungible,
  refungible,
  fungible,
};
