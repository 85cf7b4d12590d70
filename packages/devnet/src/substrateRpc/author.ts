import { bytesToHex, hexToBytes } from '@nftkit/primitives';
import type { Chain } from '../chain/chain.js';
import { SIGNED_EXTENSIONS } from '../chain/config.js';
import { type TxRefusalCode, TxRefusedError } from '../chain/errors.js';
import {
  decodeExtrinsic,
  ExtrinsicFormatError,
  encodeSignedExtrinsic,
  encodeUnsignedExtrinsic,
  type SignedParts,
  signerPayloadOf,
} from '../chain/extrinsic.js';
import type { RpcConnection } from '../jsonRpc/connection.js';
import { invalidParams, RpcError } from '../jsonRpc/errors.js';
import { MAX_CALL_BYTES } from '../runtime/codec.js';
import { CHAIN } from '../runtime/identity.js';
import { positional } from './params.js';
import type { SubstrateSubscriptions } from './subscriptions.js';

/**
 * `author_*`: extrinsics submitted as a Substrate client sends them (the SCALE bytes `@polkadot/api` builds), checked
 * as the chain checks a REST submission (chain/validity.ts, the same pool), and refused as a Substrate node refuses
 * them: `1001` for bytes that are not a `Vec<u8>`, `1002` (verification error) for contents that do not decode,
 * `1010 Invalid Transaction` with the reason in `data`, `1011` for what cannot be looked up, `1013`/`1014`/`1016` from
 * the pool. A refused extrinsic leaves nothing behind.
 *
 * The spec and transaction versions, the genesis hash and the era's block are signed, not sent: an extrinsic signed
 * with other ones — or whose era has ended, so that its birth block is another one now — fails its signature check,
 * and a node (so the devnet) answers `Transaction has a bad signature` for all of them.
 */

/** Opal's longest extrinsic: the normal share (75%) of its 5 MiB block length. */
export const MAX_EXTRINSIC_BYTES = MAX_CALL_BYTES;

const invalid = (reason: string) => new RpcError(1010, 'Invalid Transaction', reason);

/** A Substrate node's answer to each pool refusal (`sc-rpc`'s author errors, `sp-runtime`'s validity texts). */
const REFUSALS: Record<TxRefusalCode, (e: TxRefusedError) => RpcError> = {
  BadSignature: () => invalid('Transaction has a bad signature'),
  BadVersion: () => invalid('Transaction has a bad signature'),
  WrongGenesis: () => invalid('Transaction has a bad signature'),
  AncientBirthBlock: () => invalid('Transaction has an ancient birth block'),
  Outdated: () => invalid('Transaction is outdated'),
  Stale: () => invalid('Transaction is outdated'),
  Future: () => invalid('Transaction will be valid in the future'),
  Payment: () => invalid('Inability to pay some fees (e.g. account balance too low)'),
  AlreadyImported: () => new RpcError(1013, 'Transaction Already Imported'),
  PriorityTooLow: (e) => new RpcError(1014, 'Priority is too low', e.message),
  FutureLimit: (e) => new RpcError(1014, 'Priority is too low', e.message),
  PoolFull: () =>
    new RpcError(1016, 'Immediately Dropped', "The transaction couldn't enter the pool because of the limit"),
  BadFormat: (e) => verification(e.message),
  CannotDecodeCall: (e) => verification(e.message.replace(/^1002: Verification Error: /, '')),
  UnsupportedSignature: (e) => invalid(e.message),
};

function verification(detail: string): RpcError {
  return new RpcError(1002, `Verification Error: Runtime error: ${detail}`, detail);
}

/** The extrinsic parameter: hex bytes, bounded before they are decoded. */
function extrinsicParam(params: unknown): Uint8Array {
  const [xt] = positional(params, 1);
  if (typeof xt !== 'string' || !/^0x(?:[0-9a-fA-F]{2})+$/.test(xt))
    throw invalidParams('invalid params: extrinsic must be 0x-prefixed hex bytes');
  if ((xt.length - 2) / 2 > MAX_EXTRINSIC_BYTES + 8)
    throw invalid('Transaction would exhaust the block limits');
  return hexToBytes(xt);
}

/** Submits the bytes to the pool; answers the extrinsic's hash or throws the node's error. */
export async function submitExtrinsic(chain: Chain, bytes: Uint8Array): Promise<string> {
  let parts: SignedParts;
  try {
    const decoded = decodeExtrinsic(bytes);
    if (!decoded.signed)
      throw new RpcError(
        1011,
        'Unknown Transaction Validity',
        'Could not find an unsigned validator for the unsigned transaction (the devnet takes Ethereum transactions through eth_sendRawTransaction)',
      );
    parts = decoded;
  } catch (e) {
    if (!(e instanceof ExtrinsicFormatError)) throw e;
    if (e.kind === 'format') throw new RpcError(1001, `Extrinsic has invalid format: ${e.message}`);
    if (e.kind === 'lookup') throw new RpcError(1011, 'Unknown Transaction Validity', e.message);
    throw verification(`Could not decode the extrinsic: ${e.message}`);
  }
  if (bytes.length > MAX_EXTRINSIC_BYTES) throw invalid('Transaction would exhaust the block limits');
  if (parts.signature[0] !== 0x01)
    throw invalid(
      `the devnet verifies sr25519 signatures only (MultiSignature::Sr25519), this one is variant ${parts.signature[0]}`,
    );
  let json: ReturnType<typeof signerPayloadOf>;
  try {
    json = signerPayloadOf(parts, chain, CHAIN, SIGNED_EXTENSIONS);
  } catch (e) {
    if (e instanceof ExtrinsicFormatError) throw verification(`Could not decode the extrinsic: ${e.message}`);
    throw e;
  }
  if (!json) throw invalid('Transaction has an ancient birth block');
  const signature = bytesToHex(parts.signature);
  // The devnet keeps and serves the extrinsic as it re-encodes it: only canonical bytes are taken, so the hash a
  // client computes is the one the chain reports.
  if (bytesToHex(encodeSignedExtrinsic(json, parts.signature)) !== bytesToHex(bytes))
    throw verification('Could not decode the extrinsic: it is not canonically encoded');
  try {
    return await chain.submitAsync(json, signature);
  } catch (e) {
    if (e instanceof TxRefusedError) throw REFUSALS[e.code](e);
    throw e;
  }
}

/** Substrate's `TransactionStatus` as `author_extrinsicUpdate` sends it. */
type Status =
  | 'future'
  | 'ready'
  | 'dropped'
  | 'invalid'
  | { inBlock: string }
  | { finalized: string }
  | { usurped: string };

/**
 * Watches a pooled extrinsic for its subscription: `ready` (or `future` until an earlier nonce arrives), then
 * `inBlock` once its block is committed and `finalized` once that block is final — or `invalid` (it can no longer be
 * included) or `dropped` (the pool evicted it). A final status ends the subscription, as a node ends it.
 */
function watch(chain: Chain, hash: string) {
  return (notify: (s: Status) => void, end: () => void): (() => void) => {
    let pooled: 'future' | 'ready' | undefined;
    let inBlock: string | undefined;
    const check = () => {
      const rec = chain.committedExtrinsic(hash);
      if (!inBlock && !rec) {
        const reason = chain.droppedReason(hash);
        if (reason !== undefined) {
          notify(reason.startsWith('1010') ? 'invalid' : 'dropped');
          return end();
        }
        const now = chain.pool.isReady(hash) || !chain.pool.has(hash) ? 'ready' : 'future';
        if (now !== pooled) notify(now);
        pooled = now;
        return;
      }
      if (!rec) return;
      if (pooled === undefined) notify('ready');
      pooled = 'ready';
      if (!inBlock) {
        inBlock = rec.blockHash;
        notify({ inBlock });
      }
      if (chain.isFinalized(rec.blockNumber)) {
        notify({ finalized: inBlock });
        end();
      }
    };
    chain.on('block', check);
    chain.on('dropped', check);
    check();
    return () => {
      chain.off('block', check);
      chain.off('dropped', check);
    };
  };
}

type Method = (
  ctx: { chain: Chain; subscriptions: SubstrateSubscriptions },
  params: unknown,
  connection: RpcConnection | undefined,
) => unknown;

export const AUTHOR_METHODS: Record<string, Method> = {
  author_submitExtrinsic: ({ chain }, params) => submitExtrinsic(chain, extrinsicParam(params)),
  author_submitAndWatchExtrinsic: async ({ chain, subscriptions }, params, connection) => {
    const bytes = extrinsicParam(params);
    // The subscription is taken first (refused over HTTP, or past the connection's bound) so that a refusal pools
    // nothing; it is given back if the extrinsic is refused.
    const id = subscriptions.add(connection, 'author_extrinsicUpdate', () => undefined);
    let hash: string;
    try {
      hash = await submitExtrinsic(chain, bytes);
    } catch (e) {
      subscriptions.remove(connection, id);
      throw e;
    }
    if (connection) subscriptions.feed(connection, id, watch(chain, hash));
    return id;
  },
  author_unwatchExtrinsic: ({ subscriptions }, params, connection) => {
    const [id] = positional(params, 1);
    if (typeof id !== 'string') throw invalidParams('invalid params: subscription must be a subscription id');
    return subscriptions.remove(connection, id);
  },
  author_pendingExtrinsics: ({ chain }, params) => {
    positional(params, 0);
    return [...chain.pool.entries()].map(({ tx }) =>
      bytesToHex(tx.ethereum ? encodeUnsignedExtrinsic(tx.call.bytes) : tx.encoded),
    );
  },
};
