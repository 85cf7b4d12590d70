import { isSubstrateAddress, normalizeAddress } from '@nftkit/primitives';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { RpcConnection } from '../jsonRpc/connection.js';
import { invalidParams, RpcError } from '../jsonRpc/errors.js';
import { CHAIN } from '../runtime/identity.js';
import { devnetMetadata } from '../runtime/metadata/pallets.js';
import { AUTHOR_METHODS } from './author.js';
import type { BlockRow } from './blocks.js';
import type { SubstrateContext } from './context.js';
import { eventsKey } from './events.js';
import { blockNumber, count, hexBytes, keyList, optionalHash, positional } from './params.js';
import { paymentQuery, runtimeVersion, stateCall } from './stateCall.js';
import { keysPaged, readStorage } from './storage.js';
import { UNIQUE_METHODS } from './unique.js';

/** Keys one storage query or subscription takes; past it the request is refused before any is read. */
export const MAX_STORAGE_KEYS = 1000;
/** Keys one `state_getKeysPaged` answers (Substrate's own cap). */
export const MAX_KEYS_PAGE = 1000;
/** Block numbers one `chain_getBlockHash` takes as a list. */
const MAX_HASH_LIST = 1000;
/** Longer keys name nothing the devnet holds; refusing them bounds the work of a query. */
const MAX_KEY_BYTES = 1024;

type Method = (ctx: SubstrateContext, params: unknown, connection: RpcConnection | undefined) => unknown;

let metadataHex: string | undefined;

const system: Record<string, Method> = {
  system_chain: () => CHAIN.name,
  system_name: () => CHAIN.name,
  system_version: () => `${CHAIN.specVersion}.0.0`,
  system_chainType: () => 'Development',
  system_properties: () => ({
    ss58Format: CHAIN.ss58Format,
    tokenDecimals: CHAIN.decimals,
    tokenSymbol: CHAIN.symbol,
  }),
  // One node, no network: nothing to sync with and no peers expected.
  system_health: () => ({ peers: 0, isSyncing: false, shouldHavePeers: false }),
  system_accountNextIndex: ({ chain }, params) => {
    const [address] = positional(params, 1);
    if (typeof address !== 'string' || !isSubstrateAddress(address))
      throw invalidParams('invalid params: accountId must be an SS58 address');
    return chain.nextIndex(normalizeAddress(address));
  },
};

const chainMethods: Record<string, Method> = {
  chain_getBlockHash: ({ chain, blocks }, params) => {
    const [n] = positional(params, 1);
    const hashOf = (v: unknown, name: string) => blocks.byNumber(blockNumber(v, name))?.hash ?? null;
    if (n === undefined || n === null) return chain.headHash;
    if (Array.isArray(n)) {
      if (n.length > MAX_HASH_LIST)
        throw invalidParams(`invalid params: blockNumber lists at most ${MAX_HASH_LIST} numbers`);
      return n.map((v, i) => hashOf(v, `blockNumber[${i}]`));
    }
    return hashOf(n, 'blockNumber');
  },
  chain_getFinalizedHead: ({ blocks }, params) => {
    positional(params, 0);
    return blocks.byNumber(blocks.finalizedNumber())?.hash ?? null;
  },
  chain_getHeader: ({ blocks }, params) => {
    const [hash] = positional(params, 1);
    const row = blocks.at(optionalHash(hash, 'hash'));
    return row ? blocks.header(row) : null;
  },
  chain_getBlock: ({ blocks }, params) => {
    const [hash] = positional(params, 1);
    const row = blocks.at(optionalHash(hash, 'hash'));
    if (!row) return null;
    return {
      block: { header: blocks.header(row), extrinsics: blocks.extrinsics(row) },
      justifications: null,
    };
  },
  chain_subscribeNewHeads: (ctx, params, connection) =>
    subscribeHeads(ctx, params, connection, 'chain_newHead'),
  chain_subscribeAllHeads: (ctx, params, connection) =>
    subscribeHeads(ctx, params, connection, 'chain_allHead'),
  chain_subscribeFinalizedHeads: ({ blocks, subscriptions }, params, connection) => {
    positional(params, 0);
    let last = blocks.finalizedNumber();
    return subscriptions.add(
      connection,
      'chain_finalizedHead',
      () => {
        const n = blocks.finalizedNumber();
        if (n <= last) return undefined;
        // Blocks finalize one at a time and in order; a client sees the newest (as Substrate may skip some).
        last = n;
        const row = blocks.byNumber(n);
        return row ? blocks.header(row) : undefined;
      },
      () => {
        const row = blocks.byNumber(last);
        return row ? blocks.header(row) : null;
      },
    );
  },
  chain_unsubscribeNewHeads: unsubscribe,
  chain_unsubscribeAllHeads: unsubscribe,
  chain_unsubscribeFinalizedHeads: unsubscribe,
};

function subscribeHeads(
  { blocks, subscriptions }: SubstrateContext,
  params: unknown,
  connection: RpcConnection | undefined,
  method: string,
): string {
  positional(params, 0);
  return subscriptions.add(
    connection,
    method,
    ({ number }) => {
      const row = blocks.byNumber(number);
      return row ? blocks.header(row) : undefined;
    },
    () => blocks.header(blocks.head()),
  );
}

function unsubscribe(ctx: SubstrateContext, params: unknown, connection: RpcConnection | undefined): boolean {
  const [id] = positional(params, 1);
  if (typeof id !== 'string') throw invalidParams('invalid params: subscription must be a subscription id');
  return ctx.subscriptions.remove(connection, id);
}

/**
 * The values at these keys at the block `at` names (the head when absent), as `[key, value | null]` pairs, with the
 * block. `System.Events` is history (each block's own rows, chain/events.ts), so a read of it alone is answered at
 * any block the devnet has; other keys read the state at that block (`SubstrateBlocks.stateAt`).
 */
function readAt(
  ctx: SubstrateContext,
  at: string | undefined,
  keys: readonly string[],
): { block: BlockRow; changes: [string, string | null][] } {
  const onlyEvents = keys.every((k) => k === eventsKey());
  const row = at !== undefined && onlyEvents ? ctx.blocks.byHash(at) : undefined;
  const readAll = (block: BlockRow) => ({
    block,
    changes: keys.map((k): [string, string | null] => [
      k,
      k === eventsKey() ? ctx.events.at(block.number) : readStorage({ chain: ctx.chain, head: block }, k),
    ]),
  });
  return row ? readAll(row) : ctx.blocks.stateAt(at, readAll);
}

const state: Record<string, Method> = {
  state_getMetadata: ({ blocks }, params) => {
    const [at] = positional(params, 1);
    // One runtime for the chain's whole life: the metadata at any block whose state is kept is the same.
    blocks.withState(optionalHash(at, 'at'));
    metadataHex ??= `0x${bytesToHex(devnetMetadata())}`;
    return metadataHex;
  },
  state_getRuntimeVersion: ({ blocks }, params) => {
    const [at] = positional(params, 1);
    blocks.withState(optionalHash(at, 'at'));
    return runtimeVersion();
  },
  state_subscribeRuntimeVersion: ({ subscriptions }, params, connection) => {
    positional(params, 0);
    // The runtime never upgrades: the first notification is the only one.
    return subscriptions.add(connection, 'state_runtimeVersion', () => undefined, runtimeVersion);
  },
  state_unsubscribeRuntimeVersion: unsubscribe,
  state_getStorage: (ctx, params) => {
    const [key, at] = positional(params, 2);
    const k = hexBytes(key, 'key', MAX_KEY_BYTES);
    return readAt(ctx, optionalHash(at, 'at'), [k]).changes[0]![1];
  },
  state_queryStorageAt: (ctx, params) => {
    const [keys, at] = positional(params, 2);
    const list = keyList(keys, 'keys', MAX_STORAGE_KEYS, MAX_KEY_BYTES);
    const { block, changes } = readAt(ctx, optionalHash(at, 'at'), list);
    return [{ block: block.hash, changes }];
  },
  state_getKeysPaged: ({ chain, blocks }, params) => {
    const [prefix, n, startKey, at] = positional(params, 4);
    const p = prefix === undefined || prefix === null ? '0x' : hexBytes(prefix, 'prefix', MAX_KEY_BYTES);
    const c = count(n, 'count');
    // Substrate's own refusal of a larger page (sc-rpc's `InvalidCount`), before any key is read.
    if (c > MAX_KEYS_PAGE)
      throw new RpcError(4002, `count exceeds maximum value. value: ${c}, max: ${MAX_KEYS_PAGE}`);
    const start =
      startKey === undefined || startKey === null ? undefined : hexBytes(startKey, 'startKey', MAX_KEY_BYTES);
    return blocks.stateAt(optionalHash(at, 'at'), (head) => keysPaged({ chain, head }, p, c, start));
  },
  state_subscribeStorage: (ctx, params, connection) => {
    const [keys] = positional(params, 1);
    // Without keys Substrate streams every change; the devnet serves named keys only.
    if (keys === undefined || keys === null)
      throw invalidParams(
        'invalid params: keys is required (the devnet does not stream every storage change)',
      );
    const list = keyList(keys, 'keys', MAX_STORAGE_KEYS, MAX_KEY_BYTES);
    let last = new Map<string, string | null>();
    const snapshot = () => new Map(readAt(ctx, undefined, list).changes);
    return ctx.subscriptions.add(
      connection,
      'state_storage',
      ({ hash }) => {
        const now = snapshot();
        const changes = [...now].filter(([k, v]) => last.get(k) !== v);
        last = now;
        return changes.length > 0 ? { block: hash, changes } : undefined;
      },
      () => {
        last = snapshot();
        return { block: ctx.blocks.head().hash, changes: [...last] };
      },
    );
  },
  state_unsubscribeStorage: unsubscribe,
  state_call: (ctx, params) => stateCall(ctx, params),
};

const payment: Record<string, Method> = {
  payment_queryInfo: (ctx, params) => paymentQuery(ctx, params, false),
  payment_queryFeeDetails: (ctx, params) => paymentQuery(ctx, params, true),
};

/** Other names Substrate's server gives the same methods (@polkadot/api calls the singular `…NewHead` ones). */
const ALIASES: Record<string, string> = {
  chain_subscribeNewHead: 'chain_subscribeNewHeads',
  chain_unsubscribeNewHead: 'chain_unsubscribeNewHeads',
  subscribe_newHead: 'chain_subscribeNewHeads',
  unsubscribe_newHead: 'chain_unsubscribeNewHeads',
  chain_subscribeFinalisedHeads: 'chain_subscribeFinalizedHeads',
  chain_unsubscribeFinalisedHeads: 'chain_unsubscribeFinalizedHeads',
  chain_subscribeRuntimeVersion: 'state_subscribeRuntimeVersion',
  chain_unsubscribeRuntimeVersion: 'state_unsubscribeRuntimeVersion',
};

const BY_NAME: Record<string, Method> = {
  ...system,
  ...chainMethods,
  ...state,
  ...payment,
  ...AUTHOR_METHODS,
  ...UNIQUE_METHODS,
};

/** Every Substrate method the devnet serves, by name, aliases included (a new method is one more entry). */
export const SUBSTRATE_METHODS: Readonly<Record<string, Method>> = {
  ...BY_NAME,
  ...Object.fromEntries(Object.entries(ALIASES).map(([alias, name]) => [alias, BY_NAME[name]!])),
};
