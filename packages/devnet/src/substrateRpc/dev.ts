import { encodeSubstrateAddress, isSubstratePublicKey, normalizeSubstrateAddress } from '@nftkit/primitives';
import { DevToolError } from '../chain/devToolError.js';
import { mineBlocks, setHead, setSystemAccounts, timeTravel } from '../chain/devTools.js';
import { invalidParams, RpcError } from '../jsonRpc/errors.js';
import type { AccountInfo } from '../runtime/system/storage.js';
import type { SubstrateContext } from './context.js';
import { optionalHash, positional } from './params.js';
import { accountIdOfKey, decodeAccountInfo } from './storage.js';

// chopsticks' dev RPC for Substrate users: `dev_newBlock`, `dev_setStorage`, `dev_timeTravel`, `dev_setHead`, faces
// of the test helpers (chain/devTools.ts) that Hardhat's names reach from the Ethereum face.

/** The most `System.Account` entries one `dev_setStorage` takes. */
export const MAX_STORAGE_ENTRIES = 10_000;
/** chopsticks answers a refusal of its dev methods with its `ResponseError` code 1. */
const REFUSED = 1;

type DevMethod = (ctx: SubstrateContext, params: unknown) => unknown;

/** A dev method: a refusal of the helper names its parameter (-32602 malformed, chopsticks' 1 refused). */
function dev(run: DevMethod): DevMethod {
  return async (ctx, params) => {
    try {
      return await run(ctx, params);
    } catch (e) {
      if (!(e instanceof DevToolError)) throw e;
      if (e.kind === 'invalid') throw invalidParams(`invalid params: ${e.param}: ${e.message}`);
      throw new RpcError(REFUSED, `${e.param}: ${e.message}`);
    }
  };
}

const U32 = 2n ** 32n - 1n;
const U128 = 2n ** 128n - 1n;

/** A u32 or u128 of an account record: a JSON integer, decimal digits, or 0x hex, as `createType` takes them. */
function amount(v: unknown, field: string, max: bigint): bigint {
  if (v === undefined || v === null) return 0n;
  let n: bigint | undefined;
  if (typeof v === 'number' && Number.isSafeInteger(v)) n = BigInt(v);
  else if (typeof v === 'string' && /^(\d{1,40}|0x[0-9a-fA-F]{1,32})$/.test(v)) n = BigInt(v);
  if (n === undefined || n < 0n || n > max)
    throw new DevToolError('values', `${field}: expected an integer between 0 and ${max}`, 'invalid');
  return n;
}

/**
 * An account record in chopsticks' object form (`{nonce, data: {free, reserved, frozen}}`; fields left out are
 * zero, as `createType` fills them). Consumers, providers, sufficients and flags are read and not kept: the devnet
 * does not model them.
 */
function accountRecord(v: unknown, at: string): AccountInfo {
  if (v === null) return { nonce: 0, free: 0n, reserved: 0n, frozen: 0n };
  const object = (x: unknown, where: string) => {
    if (typeof x !== 'object' || x === null || Array.isArray(x))
      throw new DevToolError('values', `${where}: expected an object`, 'invalid');
    return x as Record<string, unknown>;
  };
  const only = (o: Record<string, unknown>, fields: string[], where: string) => {
    for (const k of Object.keys(o))
      if (!fields.includes(k))
        throw new DevToolError('values', `${where}.${k}: not a field of ${where}`, 'invalid');
  };
  const o = object(v, at);
  only(o, ['nonce', 'consumers', 'providers', 'sufficients', 'data'], at);
  for (const k of ['consumers', 'providers', 'sufficients']) amount(o[k], `${at}.${k}`, U32);
  const data = o.data === undefined ? {} : object(o.data, `${at}.data`);
  only(data, ['free', 'reserved', 'frozen', 'flags', 'miscFrozen', 'feeFrozen'], `${at}.data`);
  amount(data.flags, `${at}.data.flags`, U128);
  let frozen = 0n;
  for (const k of ['frozen', 'miscFrozen', 'feeFrozen']) {
    const n = amount(data[k], `${at}.data.${k}`, U128);
    if (n > frozen) frozen = n;
  }
  return {
    nonce: Number(amount(o.nonce, `${at}.nonce`, U32)),
    free: amount(data.free, `${at}.data.free`, U128),
    reserved: amount(data.reserved, `${at}.data.reserved`, U128),
    frozen,
  };
}

/** A raw `[key, value]` pair: `System.Account` keys only, with their SCALE `AccountInfo` (or null to clear it). */
function rawAccount(key: unknown, value: unknown, at: string): [string, AccountInfo] {
  const id = typeof key === 'string' && /^0x[0-9a-fA-F]*$/.test(key) ? accountIdOfKey(key) : undefined;
  if (!id)
    throw new DevToolError(
      'values',
      `${at}: ${String(key).slice(0, 80)} is not a key the devnet models (System.Account, its blake2_128 matching its account id)`,
      'invalid',
    );
  const address = encodeSubstrateAddress(id);
  if (value === null) return [address, { nonce: 0, free: 0n, reserved: 0n, frozen: 0n }];
  const info =
    typeof value === 'string' && /^0x[0-9a-fA-F]*$/.test(value) ? decodeAccountInfo(value) : undefined;
  if (!info) throw new DevToolError('values', `${at}: expected a SCALE AccountInfo, or null`, 'invalid');
  return [address, info];
}

/** `dev_setStorage`'s values: chopsticks' object form (`{System: {Account: [[[address], record]]}}`) or raw pairs. */
function storageValues(v: unknown): [string, AccountInfo][] {
  const out: [string, AccountInfo][] = [];
  const push = (entry: [string, AccountInfo]) => {
    if (out.length >= MAX_STORAGE_ENTRIES)
      throw new DevToolError('values', `at most ${MAX_STORAGE_ENTRIES} entries at once`, 'invalid');
    out.push(entry);
  };
  if (Array.isArray(v)) {
    v.forEach((pair, i) => {
      if (!Array.isArray(pair) || pair.length !== 2)
        throw new DevToolError('values', `${i}: expected [key, value]`, 'invalid');
      push(rawAccount(pair[0], pair[1], String(i)));
    });
    return out;
  }
  if (typeof v !== 'object' || v === null)
    throw new DevToolError('values', 'expected storage values', 'invalid');
  // chopsticks names pallets and items in either case (`System` or `system`).
  const camel = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
  for (const [pallet, items] of Object.entries(v as Record<string, unknown>)) {
    if (typeof items !== 'object' || items === null || Array.isArray(items))
      throw new DevToolError('values', `${pallet}: expected its storage items`, 'invalid');
    for (const [item, entries] of Object.entries(items as Record<string, unknown>)) {
      if (camel(pallet) !== 'system' || camel(item) !== 'account')
        throw new DevToolError(
          'values',
          `${pallet}.${item} is not storage the devnet models for dev_setStorage (it takes System.Account)`,
          'invalid',
        );
      if (!Array.isArray(entries))
        throw new DevToolError('values', `${pallet}.${item}: expected [[keys], value] pairs`, 'invalid');
      entries.forEach((entry, i) => {
        const at = `${pallet}.${item}.${i}`;
        if (!Array.isArray(entry) || entry.length !== 2 || !Array.isArray(entry[0]) || entry[0].length !== 1)
          throw new DevToolError('values', `${at}: expected [[address], record]`, 'invalid');
        const key = entry[0][0];
        let address: string;
        try {
          address = isSubstratePublicKey(key)
            ? encodeSubstrateAddress(key)
            : normalizeSubstrateAddress(String(key));
        } catch {
          throw new DevToolError(
            'values',
            `${at}: ${String(key).slice(0, 80)} is not a substrate address`,
            'invalid',
          );
        }
        push([address, accountRecord(entry[1], at)]);
      });
    }
  }
  return out;
}

/** A block count or number of `dev_newBlock`'s options: a JSON integer. */
function integer(v: unknown, name: string): bigint | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isSafeInteger(v))
    throw new DevToolError('params', `${name}: expected an integer`, 'invalid');
  return BigInt(v);
}

const NOT_A_PARACHAIN = new Set(['dmp', 'ump', 'hrmp', 'relayChainStateOverrides', 'unsafeBlockHeight']);

export const devMethods: Record<string, DevMethod> = {
  /** Builds `count` blocks, or up to block `to` (at least one); answers the last block's hash. */
  dev_newBlock: dev(async ({ chain }, params) => {
    const [options] = positional(params, 1);
    const o = (options ?? {}) as Record<string, unknown>;
    if (typeof o !== 'object' || Array.isArray(o))
      throw new DevToolError('params', 'expected an object', 'invalid');
    for (const key of Object.keys(o)) {
      if (key === 'count' || key === 'to') continue;
      if (key === 'transactions')
        throw new DevToolError(
          'params',
          'transactions: submit them (REST /extrinsics/submit, eth_sendRawTransaction); a block includes the pool',
          'invalid',
        );
      if (NOT_A_PARACHAIN.has(key))
        throw new DevToolError(
          'params',
          `${key}: the devnet is not a parachain (no relay chain, no XCM)`,
          'invalid',
        );
      throw new DevToolError('params', `${key}: unknown option`, 'invalid');
    }
    const to = integer(o.to, 'to');
    const count = to !== undefined ? to - BigInt(chain.headNumber) : (integer(o.count, 'count') ?? 1n);
    if (to === undefined && count < 0n)
      throw new DevToolError('params', `count: must not be negative, got ${count}`, 'invalid');
    try {
      // As chopsticks: at least one block, also for a `to` at or below the head.
      await mineBlocks(chain, count > 1n ? count : 1n, 1n);
    } catch (e) {
      if (e instanceof DevToolError)
        throw new DevToolError('params', `${to !== undefined ? 'to' : 'count'}: ${e.message}`, e.kind);
      throw e;
    }
    return chain.headHash;
  }),

  /** Sets `System.Account` records; answers the head's hash (the devnet writes at the head only). */
  dev_setStorage: dev(({ chain }, params) => {
    const [values, blockHash] = positional(params, 2);
    if (values === undefined || values === null) throw new DevToolError('values', 'missing', 'invalid');
    const entries = storageValues(values);
    const at = optionalHash(blockHash, 'blockHash');
    if (at !== undefined && at !== chain.headHash)
      throw new DevToolError('blockHash', 'the devnet sets storage at the head block only');
    setSystemAccounts(chain, entries);
    return chain.headHash;
  }),

  /** The chain's time goes to `date` (ms, or a date string); answers it in ms. */
  dev_timeTravel: dev(({ chain }, params) => {
    const [date] = positional(params, 1);
    const ms = typeof date === 'string' ? Date.parse(date) : typeof date === 'number' ? date : Number.NaN;
    if (Number.isNaN(ms)) throw new DevToolError('date', 'Invalid date', 'invalid');
    return timeTravel(chain, ms);
  }),

  /** Block `hashOrNumber` is the head again (a number of 0 or less counts back from the head); answers its hash. */
  dev_setHead: dev(({ chain }, params) => {
    const [target] = positional(params, 1);
    if (typeof target === 'number' && Number.isSafeInteger(target)) return setHead(chain, target);
    const hash = optionalHash(target, 'hashOrNumber');
    if (hash === undefined)
      throw new DevToolError('hashOrNumber', 'expected a block number or hash', 'invalid');
    return setHead(chain, hash);
  }),
};
