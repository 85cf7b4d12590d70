import { isSubstrateAddress, substrateToEthereumMirror, toChecksumEthereumAddress } from '@nftkit/primitives';
import type { Abi } from 'viem';
import type { ExtrinsicRecord } from '../../chain/extrinsicStore.js';
import {
  COLLECTION_HELPERS_ADDRESS,
  CONTRACT_HELPERS_ADDRESS,
} from '../../runtime/evm/contracts/addresses.js';
import { COLLECTION_HELPERS_ABI } from '../../runtime/evm/contracts/collectionHelpers.abi.js';
import { CONTRACT_HELPERS_ABI } from '../../runtime/evm/contracts/contractHelpers.abi.js';
import { UNIQUE_FUNGIBLE_ABI } from '../../runtime/evm/contracts/uniqueFungible.abi.js';
import { UNIQUE_NATIVE_FUNGIBLE_ABI } from '../../runtime/evm/contracts/uniqueNativeFungible.abi.js';
import { UNIQUE_NFT_ABI } from '../../runtime/evm/contracts/uniqueNft.abi.js';
import { UNIQUE_REFUNGIBLE_ABI } from '../../runtime/evm/contracts/uniqueRefungible.abi.js';
import { UNIQUE_REFUNGIBLE_TOKEN_ABI } from '../../runtime/evm/contracts/uniqueRefungibleToken.abi.js';
import { GAS_PRICE } from '../../runtime/evm/gas.js';
import { DEFAULT_GAS_LIMIT } from '../../runtime/evm/pallet.js';
import { badRequest, HttpError } from '../errors.js';
import { events } from '../extrinsics/helpers.js';
import type { BuildEnv, CallSpec, ExtrinsicHandler } from '../extrinsics/types.js';
import { type AddressKind, asAbi, checkAddress, encodeCall, ethAddressArg } from './abiArgs.js';

type SendInput = {
  functionName: string;
  functionArgs: unknown[];
  value?: string | undefined;
  gasLimit?: string | undefined;
  source?: string | undefined;
};

/**
 * The call's `source`: the signer's own Ethereum mirror (the evm pallet runs a substrate signer's call as its mirror
 * and can act as no other address). `source`, when given, must be it (or the signer); a call encoded without a
 * signer takes it from `source`.
 */
function sourceOf(source: string | undefined, env: BuildEnv): string {
  if (env.signer === undefined) {
    if (source === undefined)
      throw badRequest('Validation Error: source: required when the call is encoded without a signer');
    return isSubstrateAddress(source) ? substrateToEthereumMirror(source) : ethAddressArg(source, 'source');
  }
  const mirror = substrateToEthereumMirror(env.signer);
  if (source === undefined || source === env.signer || ethAddressArg(source, 'source') === mirror)
    return mirror;
  throw badRequest(`Validation Error: source: the signer can only call as its mirror ${mirror}`);
}

/** Frontier's fee arguments as the REST sends fill them: the chain's gas price, no tip, any nonce, no access list. */
const FEES = {
  maxFeePerGas: String(GAS_PRICE),
  maxPriorityFeePerGas: null,
  nonce: null,
  accessList: [],
} as const;

function evmCallSpec(abi: Abi, address: string, a: SendInput, env: BuildEnv): CallSpec {
  const source = sourceOf(a.source, env);
  const { data } = encodeCall(abi, a.functionName, a.functionArgs);
  return {
    section: 'evm',
    method: 'call',
    args: {
      source,
      target: toChecksumEthereumAddress(address),
      input: data,
      value: a.value ?? '0',
      gasLimit: a.gasLimit ?? String(DEFAULT_GAS_LIMIT),
      ...FEES,
    },
  };
}

/** `{isSuccessful}`: whether the execution ended with `evm.Executed` (true) or `evm.ExecutedFailed` (false). */
function sendResult(rec: ExtrinsicRecord): { isSuccessful: boolean | null } {
  if (events(rec, 'evm', 'Executed').length > 0) return { isSuccessful: true };
  if (events(rec, 'evm', 'ExecutedFailed').length > 0) return { isSuccessful: false };
  return { isSuccessful: null };
}

type WithAbi = SendInput & { contract: { address: string; abi: unknown[] } };
type WithAddress = SendInput & { contract: { address: string } };

const contractSend: ExtrinsicHandler<WithAbi> = {
  toCall: (a, env) => evmCallSpec(asAbi(a.contract.abi), a.contract.address, a, env),
  result: sendResult,
};
/** A built-in contract family's send: its ABI, and `contract.address` checked against its kind. */
const builtIn = (abi: Abi, kind: AddressKind): ExtrinsicHandler<WithAddress> => ({
  toCall: (a, env) => evmCallSpec(abi, checkAddress(a.contract.address, kind), a, env),
  result: sendResult,
});
const collectionHelpersSend: ExtrinsicHandler<SendInput> = {
  toCall: (a, env) => evmCallSpec(COLLECTION_HELPERS_ABI, COLLECTION_HELPERS_ADDRESS, a, env),
  result: sendResult,
};
const contractHelpersSend: ExtrinsicHandler<SendInput> = {
  toCall: (a, env) => evmCallSpec(CONTRACT_HELPERS_ABI, CONTRACT_HELPERS_ADDRESS, a, env),
  result: sendResult,
};

type DeployInput = {
  bytecode: string;
  value?: string | undefined;
  gasLimit?: string | undefined;
  source?: string | undefined;
};

/** `/evm/contract/deploy`: `evm.create`; the answer is the new contract's address (`evm.Created`). */
const deploy: ExtrinsicHandler<DeployInput> = {
  toCall: (a, env) => {
    const source = sourceOf(a.source, env);
    if (a.bytecode.length % 2 !== 0)
      throw badRequest('Validation Error: bytecode: must be a whole number of bytes');
    return {
      section: 'evm',
      method: 'create',
      args: {
        source,
        init: a.bytecode.toLowerCase(),
        value: a.value ?? '0',
        gasLimit: a.gasLimit ?? String(DEFAULT_GAS_LIMIT),
        ...FEES,
      },
    };
  },
  result: (rec) => {
    const created = events(rec, 'evm', 'Created')[0];
    if (created) return { contractAddress: created.data.address };
    const failed = events(rec, 'evm', 'CreatedFailed')[0];
    throw new HttpError(
      400,
      `The contract's constructor reverted (evm.CreatedFailed${failed ? ` at ${failed.data.address}` : ''}); nothing was deployed`,
    );
  },
};

/** The EVM extrinsic routes, by path R. */
export const EVM_EXTRINSIC_HANDLERS: Record<string, ExtrinsicHandler<never>> = {
  '/evm/contract/send': contractSend,
  '/evm/unique-nft/send': builtIn(UNIQUE_NFT_ABI, 'collection'),
  '/evm/unique-fungible/send': builtIn(UNIQUE_FUNGIBLE_ABI, 'collection'),
  '/evm/unique-refungible/send': builtIn(UNIQUE_REFUNGIBLE_ABI, 'collection'),
  '/evm/unique-refungible-token/send': builtIn(UNIQUE_REFUNGIBLE_TOKEN_ABI, 'token'),
  '/evm/unique-native-fungible/send': builtIn(UNIQUE_NATIVE_FUNGIBLE_ABI, 'native'),
  '/evm/collection-helpers/send': collectionHelpersSend,
  '/evm/contract-helpers/send': contractHelpersSend,
  '/evm/contract/deploy': deploy,
} as Record<string, ExtrinsicHandler<never>>;
