import { isCollectionAddress } from '@nftkit/primitives';
import {
  type AbiFunction,
  decodeAbiParameters,
  encodeAbiParameters,
  encodeEventTopics,
  type Hex,
  toFunctionSelector,
  zeroAddress,
} from 'viem';
import { UNIQUE_FUNGIBLE_ABI } from '../../evm/abi/uniqueFungible.js';
import { UNIQUE_NFT_ABI } from '../../evm/abi/uniqueNft.js';
import type { DispatchContext } from '../context.js';
import type { EventRecord } from '../events.js';
import type { RuntimeStorage } from '../storage.js';
import { COLLECTION_HELPERS_ADDRESS, CONTRACT_HELPERS_ADDRESS } from './addresses.js';
import { collectionHelpersContract } from './collectionHelpers.js';
import { contractHelpersContract } from './contractHelpers.js';
import { ethFromEventCross } from './cross.js';
import type { NativeContract, NativeEnv } from './native.js';
import { EvmRevert, revertData, revertReason } from './revert.js';
import type { EvmLog, EvmMessage, EvmOutcome } from './types.js';
import { uniqueFungibleContract } from './uniqueFungible.js';
import { uniqueNftContract } from './uniqueNft.js';

/** Flat gas a native function costs (the devnet charges no coin for gas; the limit still applies). */
const READ_GAS = 2_000n;
const WRITE_GAS = 50_000n;

const COLLECTION_HELPERS = COLLECTION_HELPERS_ADDRESS.toLowerCase();
const CONTRACT_HELPERS = CONTRACT_HELPERS_ADDRESS.toLowerCase();

export function nativeContractAt(address: string): NativeContract | undefined {
  const a = address.toLowerCase();
  if (a === COLLECTION_HELPERS) return collectionHelpersContract;
  if (a === CONTRACT_HELPERS) return contractHelpersContract;
  if (isCollectionAddress(a)) return uniqueNftContract;
  return undefined;
}

/**
 * A collection address is the contract of its collection's kind: `UniqueNFT` (also for a collection that does not
 * exist, which then reverts) or `UniqueFungible`.
 */
function byMode(storage: RuntimeStorage, contract: NativeContract, to: string): NativeContract {
  if (contract !== uniqueNftContract) return contract;
  const c = storage.common.collection(Number.parseInt(to.slice(-8), 16));
  return c?.mode === 'Fungible' ? uniqueFungibleContract : contract;
}

/** Each native contract's functions by selector, computed once (viem would hash every ABI entry per call). */
const bySelector = new WeakMap<NativeContract, Map<string, AbiFunction>>();
function functionFor(contract: NativeContract, data: Hex): AbiFunction | undefined {
  let map = bySelector.get(contract);
  if (!map) {
    map = new Map();
    for (const item of contract.abi) if (item.type === 'function') map.set(toFunctionSelector(item), item);
    bySelector.set(contract, map);
  }
  return map.get(data.slice(0, 10).toLowerCase());
}

let savepointSeq = 0;

/** Whether `data` calls a view function of a native contract at `to` (such a call cannot write anything). */
export function isNativeView(storage: RuntimeStorage, to: string, data: Hex): boolean {
  const native = nativeContractAt(to);
  const item = native && functionFor(byMode(storage, native, to), data);
  return item !== undefined && (item.stateMutability === 'view' || item.stateMutability === 'pure');
}

/** ERC-721 logs of the `common` events a collection call produced, at the collection's address (chain-rules §7). */
function erc721Logs(collection: string, events: readonly EventRecord[]): EvmLog[] {
  const logs: EvmLog[] = [];
  const push = (eventName: 'Transfer' | 'Approval', args: Record<string, unknown>) =>
    logs.push({
      address: collection,
      topics: encodeEventTopics({ abi: UNIQUE_NFT_ABI, eventName, args: args as never }) as Hex[],
      data: '0x',
    });
  for (const e of events) {
    if (e.section !== 'common') continue;
    const d = e.data;
    const tokenId = /^\d+$/.test(d['1'] ?? '') ? BigInt(d['1'] ?? '0') : 0n;
    if (e.method === 'ItemCreated')
      push('Transfer', { from: zeroAddress, to: ethFromEventCross(d['2']), tokenId });
    else if (e.method === 'ItemDestroyed')
      push('Transfer', { from: ethFromEventCross(d['2']), to: zeroAddress, tokenId });
    else if (e.method === 'Transfer')
      push('Transfer', { from: ethFromEventCross(d['2']), to: ethFromEventCross(d['3']), tokenId });
    else if (e.method === 'Approved')
      push('Approval', {
        owner: ethFromEventCross(d['2']),
        approved: d['4'] === '0' ? zeroAddress : ethFromEventCross(d['3']),
        tokenId,
      });
    else if (e.method === 'ApprovedForAll')
      logs.push({
        address: collection,
        topics: encodeEventTopics({
          abi: UNIQUE_NFT_ABI,
          eventName: 'ApprovalForAll',
          args: { owner: ethFromEventCross(d['1']) as Hex, operator: ethFromEventCross(d['2']) as Hex },
        }) as Hex[],
        data: encodeAbiParameters([{ type: 'bool' }], [d['3'] === 'true']),
      });
  }
  return logs;
}

/** ERC-20 logs of the `common` events of a fungible collection call, at the collection's address. */
function erc20Logs(collection: string, events: readonly EventRecord[]): EvmLog[] {
  const logs: EvmLog[] = [];
  const push = (
    eventName: 'Transfer' | 'Approval',
    args: Record<string, unknown>,
    value: string | undefined,
  ) =>
    logs.push({
      address: collection,
      topics: encodeEventTopics({ abi: UNIQUE_FUNGIBLE_ABI, eventName, args: args as never }) as Hex[],
      data: encodeAbiParameters([{ type: 'uint256' }], [BigInt(value ?? '0')]),
    });
  for (const e of events) {
    if (e.section !== 'common') continue;
    const d = e.data;
    if (e.method === 'ItemCreated')
      push('Transfer', { from: zeroAddress, to: ethFromEventCross(d['2']) }, d['3']);
    else if (e.method === 'ItemDestroyed')
      push('Transfer', { from: ethFromEventCross(d['2']), to: zeroAddress }, d['3']);
    else if (e.method === 'Transfer')
      push('Transfer', { from: ethFromEventCross(d['2']), to: ethFromEventCross(d['3']) }, d['4']);
    else if (e.method === 'Approved')
      push('Approval', { owner: ethFromEventCross(d['2']), spender: ethFromEventCross(d['3']) }, d['4']);
  }
  return logs;
}

/**
 * Runs one message to a native contract inside its own SAVEPOINT: on success its runtime events go to
 * `parent.events` and its logs are returned; on a revert every write it made is rolled back. The value, if any,
 * has already been moved to the contract by the caller (the EVM, or the `evm` pallet for a direct call).
 */
export function callNative(
  parent: DispatchContext,
  native: NativeContract,
  msg: EvmMessage,
  gasLimit: bigint = WRITE_GAS,
): EvmOutcome {
  const fail = (e: unknown, gasUsed: bigint): EvmOutcome => {
    const reason = revertReason(e);
    return { ok: false, reason, returnData: revertData(reason), gasUsed };
  };
  const contract = byMode(parent.storage, native, msg.to);
  const item = functionFor(contract, msg.data);
  if (!item) return fail(new EvmRevert(`unknown function (selector ${msg.data.slice(0, 10)})`), READ_GAS);
  const fn = contract.functions[item.name];
  if (!fn) return fail(new EvmRevert(`${item.name} is not supported`), READ_GAS);
  const isView = item.stateMutability === 'view' || item.stateMutability === 'pure';
  const gasUsed = isView ? READ_GAS : WRITE_GAS;
  if (gasUsed > gasLimit) return fail(new EvmRevert('out of gas'), gasLimit);
  if (msg.value > 0n && item.stateMutability !== 'payable')
    return fail(new EvmRevert(`${item.name} is not payable`), gasUsed);
  if (msg.isStatic && !isView) return fail(new EvmRevert('state change in a static call'), gasUsed);
  let args: readonly unknown[];
  try {
    args = decodeAbiParameters(item.inputs, `0x${msg.data.slice(10)}`);
  } catch {
    return fail(new EvmRevert(`malformed arguments for ${item.name}`), gasUsed);
  }
  // Message addresses are checksummed by whoever built the message (pallet args, eth_call, the EVM worker).
  const self = msg.to;
  const ctx: DispatchContext = { ...parent, origin: msg.caller, events: [] };
  const env: NativeEnv = {
    ctx,
    self,
    caller: msg.caller,
    value: msg.value,
    isStatic: msg.isStatic,
    logs: [],
  };
  // A view function never writes, so it needs no SAVEPOINT (the common read path stays cheap).
  const db = parent.storage.db;
  const sp = `evm_native_${++savepointSeq}`;
  if (!isView) db.exec(`SAVEPOINT ${sp}`);
  try {
    const result = fn(env, args);
    // Every native function has at most one output.
    const returnData = item.outputs.length === 0 ? '0x' : encodeAbiParameters(item.outputs, [result]);
    const logs =
      contract === uniqueNftContract
        ? erc721Logs(self, ctx.events)
        : contract === uniqueFungibleContract
          ? erc20Logs(self, ctx.events)
          : [];
    if (!isView) db.exec(`RELEASE ${sp}`);
    parent.events.push(...ctx.events);
    return { ok: true, returnData, logs: [...logs, ...env.logs], gasUsed };
  } catch (e) {
    if (!isView) {
      db.exec(`ROLLBACK TO ${sp}`);
      db.exec(`RELEASE ${sp}`);
    }
    return fail(e, gasUsed);
  }
}
