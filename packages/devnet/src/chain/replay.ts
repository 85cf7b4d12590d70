import { bytesToHex } from '@nftkit/primitives';
import { ETHEREUM_WEIGHT, ethereumPallet } from '../runtime/ethereum/pallet.js';
import { CHAIN } from '../runtime/identity.js';
import type { Db } from '../storage/db.js';
import { type ApplyOutcome, applyExtrinsic, type BlockInProgress } from './apply.js';
import { applyEthereumTransaction } from './applyEthereum.js';
import type { Chain } from './chain.js';
import { SIGNED_EXTENSIONS } from './config.js';
import { decodeExtrinsic, signerPayloadOf } from './extrinsic.js';
import { checkFormat } from './validity.js';

/** An included extrinsic as the block stored it. */
export type StoredExtrinsic = {
  idx: number;
  hash: string;
  section: string;
  signer: string;
  encoded: Uint8Array;
};

/** A stored extrinsic that cannot be applied again (its bytes no longer decode as a call of this runtime). */
export class ReplayError extends Error {
  override readonly name = 'ReplayError';
}

const transact = ethereumPallet.calls[0]!;

const queries = new WeakMap<Db, (block: number) => StoredExtrinsic[]>();

/** The extrinsics of block `number`, in the order it applied them. */
export function blockExtrinsics(db: Db, number: number): StoredExtrinsic[] {
  let query = queries.get(db);
  if (!query) {
    const stmt = db.prepare<[number], StoredExtrinsic>(
      'SELECT idx, hash, section, signer, encoded FROM extrinsics WHERE block_number = ? ORDER BY idx',
    );
    query = (n) => stmt.all(n);
    queries.set(db, query);
  }
  return query(number);
}

/**
 * Applies a stored extrinsic again, as block production applied it (`applyExtrinsic` / `applyEthereumTransaction`),
 * inside `block` over the state it had then: how a trace re-executes a mined transaction after the ones before it
 * in its block. The caller owns the SQL savepoint that throws it all away.
 */
export function reapply(chain: Chain, block: BlockInProgress, x: StoredExtrinsic): ApplyOutcome {
  if (x.section === 'ethereum') {
    const args = transact.args.parse({ transaction: bytesToHex(x.encoded) });
    return applyEthereumTransaction(block, {
      signer: x.signer,
      weight: ETHEREUM_WEIGHT,
      call: { call: transact, args },
    });
  }
  const parts = decodeExtrinsic(x.encoded);
  if (!parts.signed) throw new ReplayError(`extrinsic ${x.hash} is not signed`);
  const json = signerPayloadOf(
    parts,
    { genesisHash: chain.genesisHash, headNumber: block.number, blockHash: (n) => chain.blockHash(n) },
    CHAIN,
    SIGNED_EXTENSIONS,
  );
  if (!json) throw new ReplayError(`extrinsic ${x.hash}: its era's birth block is unknown`);
  return applyExtrinsic(block, checkFormat(json, bytesToHex(parts.signature)));
}
