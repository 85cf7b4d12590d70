import { isCollectionAddress, isNestingAddress, nestingAddressToIds } from '@nftkit/primitives';
import {
  type AbiFunction,
  decodeAbiParameters,
  encodeAbiParameters,
  encodeEventTopics,
  type Hex,
  toFunctionSelector,
  zeroAddress,
} from 'viem';
import { Savepoint } from '../../../storage/savepoint.js';
import type { DispatchContext } from '../../context.js';
import type { EventRecord } from '../../events.js';
import type { RuntimeStorage } from '../../storage.js';
import { EvmRevert, revertData, revertReason } from '../revert.js';
import type { EvmLog, EvmMessage, EvmOutcome } from '../types.js';
import { COLLECTION_HELPERS_ADDRESS, CONTRACT_HELPERS_ADDRESS } from './addresses.js';
import { collectionHelpersContract } from './collectionHelpers.js';
import { contractHelpersContract } from './contractHelpers.js';
import { ethFromEventCross } from './cross.js';
import type { NativeContract, NativeEnv } from './native.js';
import { UNIQUE_FUNGIBLE_ABI } from './uniqueFungible.abi.js';
import { uniqueFungibleContract } from './uniqueFungible.js';
import { uniqueNativeFungibleContract } from './uniqueNativeFungible.js';
import { UNIQUE_NFT_ABI } from './uniqueNft.abi.js';
import { uniqueNftContract } from './uniqueNft.js';
import { uniqueRefungibleContract } from './uniqueRefungible.js';
import { uniqueRefungibleTokenContract } from './uniqueRefungibleToken.js';

/** Collection 0 is the native coin (chain-rules §4, the balances adapter). */
const NATIVE_FUNGIBLE_COLLECTION_ID = 0;

/** Flat gas a native function costs (the devnet charges no coin for gas; the limit still applies). */
const READ_GAS = 2_000n;
const WRITE_GAS = 50_000n;

const COLLECTION_HELPERS = COLLECTION_HELPERS_ADDRESS.toLowerCase();
const CONTRACT_HELPERS = CONTRACT_HELPERS_ADDRESS.toLowerCase();

/**
 * The native contract at `address`, if its code is the runtime: the helpers; a collection address is the contract
 * of its collection's kind (`UniqueNFT` — also for a collection that does not exist, which then reverts —,
 * `UniqueFungible`, `UniqueRefungible`; collection 0 is the native coin); a token address of a refungible
 * collection is that token's ERC-20. Any other token address is a plain account.
 */
export function nativeContractAt(storage: RuntimeStorage, address: string): NativeContract | undefined {
  const a = address.toLowerCase();
  if (a === COLLECTION_HELPERS) return collectionHelpersContract;
  if (a === CONTRACT_HELPERS) return contractHelpersContract;
  if (isCollectionAddress(a)) {
    const id = Number.parseInt(a.slice(-8), 16);
    if (id === NATIVE_FUNGIBLE_COLLECTION_ID) return uniqueNativeFungibleContract;
    const mode = storage.common.collection(id)?.mode;
    if (mode === 'Fungible') return uniqueFungibleContract;
    if (mode === 'ReFungible') return uniqueRefungibleContract;
    return uniqueNftContract;
  }
  if (isNestingAddress(a)) {
    const { collectionId } = nestingAddressToIds(a);
    if (storage.common.collection(collectionId)?.mode === 'ReFungible') return uniqueRefungibleTokenContract;
  }
  return undefined;
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

/** Whether `data` calls a view function of a native contract at `to` (such a call cannot write anything). */
export function isNativeView(storage: RuntimeStorage, to: string, data: Hex): boolean {
  const native = nativeContractAt(storage, to);
  const item = native && functionFor(native, data);
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
 * The logs a native call's runtime events stand for, at the called contract's address: ERC-721 for the collection
 * contracts (a refungible collection's ERC-721 face moves whole tokens), ERC-20 for a fungible collection and a
 * refungible token's pieces. The helpers and the native coin log by themselves.
 */
function runtimeLogs(contract: NativeContract, self: string, events: readonly EventRecord[]): EvmLog[] {
  if (contract === uniqueNftContract || contract === uniqueRefungibleContract)
    return erc721Logs(self, events);
  if (contract === uniqueFungibleContract || contract === uniqueRefungibleTokenContract)
    return erc20Logs(self, events);
  return [];
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
  const item = functionFor(native, msg.data);
  if (!item) return fail(new EvmRevert(`unknown function (selector ${msg.data.slice(0, 10)})`), READ_GAS);
  const fn = native.functions[item.name];
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
  const sp = isView ? undefined : new Savepoint(parent.storage.db);
  try {
    const result = fn(env, args);
    // Every native function has at most one output.
    const returnData = item.outputs.length === 0 ? '0x' : encodeAbiParameters(item.outputs, [result]);
    const logs = runtimeLogs(native, self, ctx.events);
    sp?.release();
    parent.events.push(...ctx.events);
    return { ok: true, returnData, logs: [...logs, ...env.logs], gasUsed };
  } catch (e) {
    sp?.rollback();
    return fail(e, gasUsed);
  }
}
