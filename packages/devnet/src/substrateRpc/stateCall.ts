import {
  bytesToHex,
  compactFromBytes,
  compactToBytes,
  concatBytes,
  encodeSubstrateAddress,
  hexToBytes,
} from '@nftkit/primitives';
import { blake2b } from '@noble/hashes/blake2.js';
import type { Chain } from '../chain/chain.js';
import { decodeExtrinsic, ExtrinsicFormatError } from '../chain/extrinsic.js';
import { computeFee, type FeeDetails, TRANSACTION_BYTE_FEE, weightToFee } from '../chain/fees.js';
import { accountNonce } from '../chain/nonces.js';
import { invalidParams, RpcError } from '../jsonRpc/errors.js';
import { CallDecodeError } from '../runtime/codec.js';
import { CHAIN } from '../runtime/identity.js';
import { devnetMetadata, devnetTypes } from '../runtime/metadata/pallets.js';
import { decodeCall } from '../runtime/runtime.js';
import type { SubstrateBlocks } from './blocks.js';
import { optionalHash, positional } from './params.js';

/**
 * `state_call`: the runtime APIs a client calls, answered with the SCALE bytes Opal's runtime returns —
 * `Core_version`, `Metadata_metadata(_versions, _at_version)`, `AccountNonceApi_account_nonce`, and
 * `TransactionPaymentApi_query_info` / `_query_fee_details` / `_query_weight_to_fee` / `_query_length_to_fee`, whose
 * fee is the one the chain charges when it applies the extrinsic (chain/fees.ts: the same function). `payment_queryInfo`
 * and `payment_queryFeeDetails` are the older RPC forms of the same answers. An API the devnet does not serve is
 * refused as a node refuses a method its runtime does not export.
 */

/** An extrinsic or call given to an API is bounded like a submitted one (Opal's longest extrinsic, and its `len`). */
const MAX_CALL_DATA = 3_932_160 + 16;

/** Runtime API ids (`blake2_64` of the trait's name) and the versions served, as `Core_version` lists them. */
const API_VERSIONS: readonly (readonly [name: string, version: number])[] = [
  ['Core', 4],
  ['Metadata', 2],
  ['AccountNonceApi', 1],
  ['TransactionPaymentApi', 4],
];

export const RUNTIME_APIS: readonly (readonly [id: string, version: number])[] = API_VERSIONS.map(
  ([name, version]) => [bytesToHex(blake2b(new TextEncoder().encode(name), { dkLen: 8 })), version] as const,
);

/** The runtime version: the numbers the signer payload carries and the devnet checks (`chain/validity.ts`). */
export function runtimeVersion() {
  return {
    specName: CHAIN.name,
    implName: CHAIN.name,
    authoringVersion: 0,
    specVersion: CHAIN.specVersion,
    implVersion: 0,
    apis: RUNTIME_APIS.map(([id, version]) => [id, version]),
    transactionVersion: CHAIN.transactionVersion,
    stateVersion: 1,
  };
}

/** The metadata versions `Metadata_metadata_at_version` answers. */
const METADATA_VERSIONS = [14];

/** A runtime API call that failed as a node's does (`Client error: Execution failed: …`). */
const executionFailed = (detail: string) =>
  new RpcError(4003, `Client error: Execution failed: Other: ${detail}`);

const u32 = (n: number) => {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, n, true);
  return b;
};
const u128 = (n: bigint) => {
  const b = new Uint8Array(16);
  for (let i = 0; i < 16; i++) b[i] = Number((n >> BigInt(8 * i)) & 0xffn);
  return b;
};

/** Reads SCALE inputs in order; any shortfall or leftover is the runtime's decode failure. */
class Input {
  #at = 0;
  constructor(
    readonly bytes: Uint8Array,
    readonly what: string,
  ) {}
  take(n: number): Uint8Array {
    if (this.#at + n > this.bytes.length)
      throw executionFailed(`Bad input data provided to ${this.what}: not enough data`);
    const out = this.bytes.subarray(this.#at, this.#at + n);
    this.#at += n;
    return out;
  }
  u32(): number {
    return new DataView(this.take(4).slice().buffer).getUint32(0, true);
  }
  #compact(): { value: bigint; length: number } {
    try {
      return compactFromBytes(this.bytes, this.#at);
    } catch (e) {
      throw executionFailed(`Bad input data provided to ${this.what}: ${(e as Error).message}`);
    }
  }
  compact(): bigint {
    const c = this.#compact();
    this.#at += c.length;
    return c.value;
  }
  /** A compact-prefixed value kept whole, prefix included (an `Extrinsic`). */
  prefixed(): Uint8Array {
    const length = this.#compact();
    const start = this.#at;
    if (length.value > BigInt(this.bytes.length))
      throw executionFailed(`Bad input data provided to ${this.what}: not enough data`);
    this.take(length.length + Number(length.value));
    return this.bytes.subarray(start, this.#at);
  }
  end(): void {
    if (this.#at !== this.bytes.length)
      throw executionFailed(`Bad input data provided to ${this.what}: trailing bytes`);
  }
}

type Weight = { refTime: bigint; proofSize: bigint };
type DispatchInfo = { weight: Weight; partialFee: bigint; details: FeeDetails | undefined };

/**
 * What an extrinsic would pay, as `TransactionPaymentApi` computes it: its call's weight and
 * `computeFee(weight, len)` — the fee the chain withdraws when it applies the extrinsic (`tx.fee`, without the tip).
 * An unsigned extrinsic pays nothing.
 */
function dispatchInfo(extrinsic: Uint8Array, len: number, what: string): DispatchInfo {
  let parts: ReturnType<typeof decodeExtrinsic>;
  let refTime: bigint;
  try {
    parts = decodeExtrinsic(extrinsic);
    const call = decodeCall(parts.call);
    refTime = call.call.weight(call.args);
  } catch (e) {
    if (e instanceof ExtrinsicFormatError || e instanceof CallDecodeError)
      throw executionFailed(`Bad input data provided to ${what}: ${e.message}`);
    throw e;
  }
  const weight = { refTime, proofSize: 0n };
  if (!parts.signed) return { weight, partialFee: 0n, details: undefined };
  const details = computeFee(refTime, len);
  return { weight, partialFee: details.totalFee, details };
}

const encodeWeight = (w: Weight) => concatBytes(compactToBytes(w.refTime), compactToBytes(w.proofSize));

/** `RuntimeDispatchInfo { weight, class: Normal, partial_fee }`. */
const encodeDispatchInfo = (info: DispatchInfo) =>
  concatBytes(encodeWeight(info.weight), Uint8Array.of(0), u128(info.partialFee));

/** `FeeDetails { inclusion_fee: Option<InclusionFee>, tip }` (the tip is the extrinsic's; the devnet's are 0 here). */
const encodeFeeDetails = (info: DispatchInfo) =>
  info.details
    ? concatBytes(
        Uint8Array.of(1),
        u128(info.details.baseFee),
        u128(info.details.lenFee),
        u128(info.details.adjustedWeightFee),
        u128(0n),
      )
    : concatBytes(Uint8Array.of(0), u128(0n));

type Api = (input: Input, ctx: { chain: Chain }) => Uint8Array;

const metadataBytes = (): Uint8Array => {
  const m = devnetMetadata();
  return concatBytes(compactToBytes(m.length), m);
};

/** The APIs by `state_call` name. `head` marks those that read state (answered from the state at the block asked, `SubstrateBlocks.stateAt`). */
const APIS: Record<string, { head: boolean; run: Api }> = {
  Core_version: {
    head: false,
    run: (input) => {
      input.end();
      const { registry } = devnetTypes();
      return registry.createType('RuntimeVersion', runtimeVersion()).toU8a();
    },
  },
  Metadata_metadata: {
    head: false,
    run: (input) => {
      input.end();
      return metadataBytes();
    },
  },
  Metadata_metadata_versions: {
    head: false,
    run: (input) => {
      input.end();
      return concatBytes(compactToBytes(METADATA_VERSIONS.length), ...METADATA_VERSIONS.map(u32));
    },
  },
  Metadata_metadata_at_version: {
    head: false,
    run: (input) => {
      const version = input.u32();
      input.end();
      return METADATA_VERSIONS.includes(version)
        ? concatBytes(Uint8Array.of(1), metadataBytes())
        : Uint8Array.of(0);
    },
  },
  AccountNonceApi_account_nonce: {
    head: true,
    run: (input, { chain }) => {
      const id = input.take(32);
      input.end();
      return u32(accountNonce(chain.storage, encodeSubstrateAddress(id)));
    },
  },
  TransactionPaymentApi_query_info: {
    head: true,
    run: (input) => {
      const xt = input.prefixed();
      const len = input.u32();
      input.end();
      return encodeDispatchInfo(dispatchInfo(xt, len, 'TransactionPaymentApi_query_info'));
    },
  },
  TransactionPaymentApi_query_fee_details: {
    head: true,
    run: (input) => {
      const xt = input.prefixed();
      const len = input.u32();
      input.end();
      return encodeFeeDetails(dispatchInfo(xt, len, 'TransactionPaymentApi_query_fee_details'));
    },
  },
  TransactionPaymentApi_query_weight_to_fee: {
    head: false,
    run: (input) => {
      const refTime = input.compact();
      input.compact();
      input.end();
      return u128(weightToFee(refTime));
    },
  },
  TransactionPaymentApi_query_length_to_fee: {
    head: false,
    run: (input) => {
      const length = input.u32();
      input.end();
      return u128(BigInt(length) * TRANSACTION_BYTE_FEE);
    },
  },
};

function hexData(value: unknown, name: string): Uint8Array {
  if (typeof value !== 'string' || !/^0x(?:[0-9a-fA-F]{2})*$/.test(value))
    throw invalidParams(`invalid params: ${name} must be 0x-prefixed hex bytes`);
  if ((value.length - 2) / 2 > MAX_CALL_DATA)
    throw invalidParams(`invalid params: ${name} is longer than ${MAX_CALL_DATA} bytes`);
  return hexToBytes(value);
}

/** `state_call(method, data, at?)`. */
export function stateCall(ctx: { chain: Chain; blocks: SubstrateBlocks }, params: unknown): string {
  const [method, data, at] = positional(params, 3);
  if (typeof method !== 'string' || method.length === 0 || method.length > 128)
    throw invalidParams('invalid params: method must be a runtime API function name');
  const input = hexData(data, 'data');
  const hash = optionalHash(at, 'at');
  const api = Object.hasOwn(APIS, method) ? APIS[method] : undefined;
  if (api?.head) return ctx.blocks.stateAt(hash, () => bytesToHex(api.run(new Input(input, method), ctx)));
  // The node loads the block's runtime (from its state) before it looks for the API in it.
  ctx.blocks.withState(hash);
  if (!api) throw executionFailed(`Exported method ${method} is not found`);
  return bytesToHex(api.run(new Input(input, method), ctx));
}

/** `payment_queryInfo(extrinsic, at?)` / `payment_queryFeeDetails`: the same answers as JSON, as the node's RPC. */
export function paymentQuery(
  ctx: { chain: Chain; blocks: SubstrateBlocks },
  params: unknown,
  details: boolean,
): unknown {
  const [xt, at] = positional(params, 2);
  const bytes = hexData(xt, 'extrinsic');
  // The fee depends on the call's weight and length only, but the block must be one whose state a node has.
  ctx.blocks.stateAt(optionalHash(at, 'at'), () => undefined);
  const info = dispatchInfo(bytes, bytes.length, details ? 'payment_queryFeeDetails' : 'payment_queryInfo');
  if (details)
    return {
      inclusionFee: info.details
        ? {
            baseFee: hexNumber(info.details.baseFee),
            lenFee: hexNumber(info.details.lenFee),
            adjustedWeightFee: hexNumber(info.details.adjustedWeightFee),
          }
        : null,
    };
  // The RPC kept the weight of before Weight V2 (its ref time alone), as clients decode it.
  return {
    weight: Number(info.weight.refTime),
    class: 'normal',
    partialFee: info.partialFee.toString(),
  };
}

const hexNumber = (n: bigint) => `0x${n.toString(16)}`;
