import { isCollectionAddress, toChecksumEthereumAddress } from '@nftkit/primitives';
import {
  type AbiFunction,
  decodeFunctionData,
  encodeAbiParameters,
  encodeEventTopics,
  encodeFunctionResult,
  type Hex,
  zeroAddress,
} from 'viem';
import { UNIQUE_NFT_ABI } from '../../evm/abi/uniqueNft.js';
import type { DispatchContext } from '../context.js';
import type { EventRecord } from '../events.js';
import { COLLECTION_HELPERS_ADDRESS, CONTRACT_HELPERS_ADDRESS } from './addresses.js';
import { collectionHelpersContract } from './collectionHelpers.js';
import { contractHelpersContract } from './contractHelpers.js';
import { ethFromEventCross } from './cross.js';
import type { NativeContract, NativeEnv } from './native.js';
import { EvmRevert, revertData, revertReason } from './revert.js';
import type { EvmLog, EvmMessage, EvmOutcome } from './types.js';
import { uniqueNftContract } from './uniqueNft.js';

/** Flat gas a native function costs (the devnet charges no coin for gas; the limit still applies). */
const READ_GAS = 2_000n;
const WRITE_GAS = 50_000n;

export function nativeContractAt(address: string): NativeContract | undefined {
  const a = toChecksumEthereumAddress(address);
  if (a === COLLECTION_HELPERS_ADDRESS) return collectionHelpersContract;
  if (a === CONTRACT_HELPERS_ADDRESS) return contractHelpersContract;
  if (isCollectionAddress(a)) return uniqueNftContract;
  return undefined;
}

let savepointSeq = 0;

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
    const tokenId = BigInt(d['1'] ?? '0');
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

/**
 * Runs one message to a native contract inside its own SAVEPOINT: on success its runtime events go to
 * `parent.events` and its logs are returned; on a revert every write it made is rolled back. The value, if any,
 * has already been moved to the contract by the caller (the EVM, or the `evm` pallet for a direct call).
 */
export function callNative(parent: DispatchContext, contract: NativeContract, msg: EvmMessage): EvmOutcome {
  const db = parent.storage.db;
  const sp = `evm_native_${++savepointSeq}`;
  const self = toChecksumEthereumAddress(msg.to);
  const ctx: DispatchContext = { ...parent, origin: toChecksumEthereumAddress(msg.caller), events: [] };
  const env: NativeEnv = {
    ctx,
    self,
    caller: ctx.origin,
    value: msg.value,
    isStatic: msg.isStatic,
    logs: [],
  };
  let gasUsed = READ_GAS;
  db.exec(`SAVEPOINT ${sp}`);
  try {
    let decoded: { functionName: string; args: readonly unknown[] | undefined };
    try {
      decoded = decodeFunctionData({ abi: contract.abi, data: msg.data }) as typeof decoded;
    } catch {
      throw new EvmRevert(`unknown function or malformed arguments (selector ${msg.data.slice(0, 10)})`);
    }
    const item = contract.abi.find(
      (i): i is AbiFunction => i.type === 'function' && i.name === decoded.functionName,
    );
    const fn = contract.functions[decoded.functionName];
    if (!item || !fn) throw new EvmRevert(`${decoded.functionName} is not supported`);
    const isView = item.stateMutability === 'view' || item.stateMutability === 'pure';
    if (msg.value > 0n && item.stateMutability !== 'payable')
      throw new EvmRevert(`${decoded.functionName} is not payable`);
    if (msg.isStatic && !isView) throw new EvmRevert('state change in a static call');
    if (!isView) gasUsed = WRITE_GAS;
    const result = fn(env, decoded.args ?? []);
    const returnData =
      item.outputs.length === 0
        ? '0x'
        : encodeFunctionResult({ abi: [item], functionName: item.name, result: result as never });
    db.exec(`RELEASE ${sp}`);
    parent.events.push(...ctx.events);
    const logs = isCollectionAddress(self) ? erc721Logs(self, ctx.events) : [];
    return { ok: true, returnData, logs: [...logs, ...env.logs], gasUsed };
  } catch (e) {
    db.exec(`ROLLBACK TO ${sp}`);
    db.exec(`RELEASE ${sp}`);
    const reason = revertReason(e);
    return { ok: false, reason, returnData: revertData(reason), gasUsed };
  }
}
