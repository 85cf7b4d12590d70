import { isEthereumAddress } from '@nftkit/primitives';
import { z } from 'zod';
import { bytes } from '../args.js';
import { defineCall, type Pallet } from '../call.js';
import { deposit } from '../context.js';
import { transactCall, transactCreate } from '../evm/transact.js';
import { PALLET_INDEX } from '../indices.js';
import { SystemError } from '../system/errors.js';
import { EthereumEvent } from './events.js';
import { decodedTransaction, MAX_RAW_TRANSACTION_BYTES } from './transaction.js';
import { transactionWire } from './wire.js';

/** The weight of an Ethereum transaction as an extrinsic: the gas is its cost; this only fills the dispatch info. */
export const ETHEREUM_WEIGHT = 700_000_000n;

/**
 * `ethereum` (pallet-ethereum, index 101): `transact` runs a signed Ethereum transaction. Its origin is the
 * Ethereum address recovered from the signature (chain/ethereumTx.ts checks it before the pool takes it), so a
 * substrate signer cannot dispatch it (`system.CallFiltered`), as pallet-ethereum's `EnsureEthereumTransaction`.
 * The execution is pallet-evm's (evm/transact.ts): `/evm/*` and JSON-RPC run one implementation.
 */
export const ethereumPallet: Pallet = {
  name: 'ethereum',
  index: PALLET_INDEX.ethereum,
  errors: [],
  calls: [
    defineCall({
      name: 'transact',
      args: z.object({ transaction: bytes(MAX_RAW_TRANSACTION_BYTES) }),
      wire: { transaction: transactionWire },
      weight: ETHEREUM_WEIGHT,
      dispatch: (ctx, a) => {
        if (!isEthereumAddress(ctx.origin)) throw SystemError.CallFiltered();
        const tx = decodedTransaction(a);
        const from = ctx.origin;
        const run = tx.to
          ? { ...transactCall(ctx, from, tx.to, tx.data, tx.value, tx.gas, tx.accessList), address: null }
          : transactCreate(ctx, from, tx.data, tx.value, tx.gas, tx.accessList);
        const { outcome } = run;
        deposit(
          ctx,
          EthereumEvent.Executed({
            from,
            to: tx.to ?? run.address ?? '',
            transactionHash: tx.hash,
            exitReason: outcome.ok ? 'Succeed' : `Revert: ${outcome.reason}`,
            gasUsed: run.gasUsed,
            contractAddress: tx.to ? null : run.address,
          }),
        );
      },
    }),
  ],
};
