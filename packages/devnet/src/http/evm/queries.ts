import type { RouteParsedInput, routes } from '@nftkit/api';
import {
  collectionAddressToId,
  isCollectionAddress,
  isNestingAddress,
  nestingAddressToIds,
} from '@nftkit/primitives';
import { type Abi, type AbiEvent, decodeEventLog, type Hex, toEventSignature } from 'viem';
import type { Chain } from '../../chain/chain.js';
import {
  COLLECTION_HELPERS_ADDRESS,
  CONTRACT_HELPERS_ADDRESS,
} from '../../runtime/evm/contracts/addresses.js';
import { COLLECTION_HELPERS_ABI } from '../../runtime/evm/contracts/collectionHelpers.abi.js';
import { CONTRACT_HELPERS_ABI } from '../../runtime/evm/contracts/contractHelpers.abi.js';
import { nativeContractAt } from '../../runtime/evm/contracts/dispatch.js';
import { UNIQUE_FUNGIBLE_ABI } from '../../runtime/evm/contracts/uniqueFungible.abi.js';
import { UNIQUE_NATIVE_FUNGIBLE_ABI } from '../../runtime/evm/contracts/uniqueNativeFungible.abi.js';
import { UNIQUE_NFT_ABI } from '../../runtime/evm/contracts/uniqueNft.abi.js';
import { UNIQUE_REFUNGIBLE_ABI } from '../../runtime/evm/contracts/uniqueRefungible.abi.js';
import { UNIQUE_REFUNGIBLE_TOKEN_ABI } from '../../runtime/evm/contracts/uniqueRefungibleToken.abi.js';
import { evmStorage } from '../../runtime/evm/storage.js';
import { notFound } from '../errors.js';
import { type AddressKind, asAbi, checkAddress, toJson } from './abiArgs.js';
import { type EvmCallInput, evmCall } from './call.js';

type R = typeof routes.evm;
type Q<I> = (chain: Chain, input: I) => unknown;
type WithAbi = EvmCallInput & { contract: { address: string; abi: unknown[] } };
type WithAddress = EvmCallInput & { contract: { address: string } };

const contractCall: Q<WithAbi> = (chain, q) => evmCall(chain, asAbi(q.contract.abi), q.contract.address, q);
/** A built-in contract family: its ABI and the check that `contract.address` is one of its addresses. */
const builtIn =
  (abi: Abi, address: AddressKind): Q<WithAddress> =>
  (chain, q) =>
    evmCall(chain, abi, checkAddress(q.contract.address, address), q);
const collectionHelpersCall: Q<EvmCallInput> = (chain, q) =>
  evmCall(chain, COLLECTION_HELPERS_ABI, COLLECTION_HELPERS_ADDRESS, q);
const contractHelpersCall: Q<EvmCallInput> = (chain, q) =>
  evmCall(chain, CONTRACT_HELPERS_ABI, CONTRACT_HELPERS_ADDRESS, q);

/**
 * Code at an address: a deployed contract, a helper, an existing collection (collection 0 is the native coin) or
 * an existing refungible token (their code is the runtime).
 */
const exists: Q<RouteParsedInput<R['exists']>> = (chain, q) => {
  const { storage } = chain;
  const native = nativeContractAt(storage, q.address);
  if (!native) return { exists: evmStorage(storage).hasCode(q.address) };
  if (isNestingAddress(q.address)) {
    const { collectionId, tokenId } = nestingAddressToIds(q.address);
    return { exists: storage.refungible.token(collectionId, tokenId) !== undefined };
  }
  if (!isCollectionAddress(q.address)) return { exists: true };
  const id = collectionAddressToId(q.address);
  return { exists: id === 0 || storage.common.collection(id) !== undefined };
};

type LogJson = { address: string; topics: Hex[]; data: Hex };
const isLogJson = (v: unknown): v is LogJson => {
  const o = v as Partial<LogJson> | null;
  return (
    typeof o === 'object' &&
    o !== null &&
    typeof o.address === 'string' &&
    typeof o.data === 'string' &&
    Array.isArray(o.topics) &&
    o.topics.every((t) => typeof t === 'string')
  );
};

/** rest-api §4.6 logs handler: the extrinsic's `evm.Log` events decoded with the ABI; what does not decode is skipped. */
const logs: Q<RouteParsedInput<R['logs']>> = (chain, q) => {
  const hash = q.hash.toLowerCase();
  const rec = chain.committedExtrinsic(hash);
  if (!rec || (q.isFinalized === true && !chain.isFinalized(rec.blockNumber)))
    throw notFound(`Extrinsic with hash ${q.hash} not found`);
  const abi = asAbi(q.abi);
  const events = abi.filter((i): i is AbiEvent => i.type === 'event');
  const out: { name: string; signature: string; args: Record<string, unknown> | unknown[] }[] = [];
  for (const e of rec.events) {
    if (e.section !== 'evm' || e.method !== 'Log') continue;
    let log: unknown;
    try {
      log = JSON.parse(e.data.log ?? '');
    } catch {
      continue;
    }
    if (!isLogJson(log) || log.topics.length === 0) continue;
    try {
      const decoded = decodeEventLog({ abi: events, topics: log.topics as [Hex, ...Hex[]], data: log.data });
      const item = events.find((ev) => ev.name === decoded.eventName);
      out.push({
        name: decoded.eventName ?? '',
        signature: item ? toEventSignature(item) : '',
        args: toJson(decoded.args ?? {}) as Record<string, unknown> | unknown[],
      });
    } catch {
      // A log of an event that is not in the ABI, or that does not decode by it, is skipped.
    }
  }
  return { logs: out };
};

/** The EVM query routes, by path. */
export const EVM_QUERY_HANDLERS: Record<string, Q<never>> = {
  '/evm/contract/call': contractCall,
  '/evm/unique-nft/call': builtIn(UNIQUE_NFT_ABI, 'collection'),
  '/evm/unique-fungible/call': builtIn(UNIQUE_FUNGIBLE_ABI, 'collection'),
  '/evm/unique-refungible/call': builtIn(UNIQUE_REFUNGIBLE_ABI, 'collection'),
  '/evm/unique-refungible-token/call': builtIn(UNIQUE_REFUNGIBLE_TOKEN_ABI, 'token'),
  '/evm/unique-native-fungible/call': builtIn(UNIQUE_NATIVE_FUNGIBLE_ABI, 'native'),
  '/evm/collection-helpers/call': collectionHelpersCall,
  '/evm/contract-helpers/call': contractHelpersCall,
  '/evm/contract/exists': exists,
  '/evm/contract/logs': logs,
} as Record<string, Q<never>>;
