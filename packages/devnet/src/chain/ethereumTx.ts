import { bytesToHex, hexToBytes, IMMORTAL_ERA } from '@nftkit/primitives';
import { ETHEREUM_WEIGHT, ethereumPallet } from '../runtime/ethereum/pallet.js';
import {
  decodeAndRecover,
  type EthTransaction,
  EthTransactionError,
  rememberDecoded,
} from '../runtime/ethereum/transaction.js';
import { GAS_PRICE } from '../runtime/evm/gas.js';
import { intrinsicGas, MAX_INITCODE_SIZE } from '../runtime/evm/intrinsic.js';
import { MAX_GAS_LIMIT } from '../runtime/evm/transact.js';
import { balanceAccount } from '../runtime/evm/value.js';
import { CHAIN } from '../runtime/identity.js';
import { encodeCall } from '../runtime/runtime.js';
import { SIGNED_EXTENSIONS } from './config.js';
import type { CheckedTx, ValidityView } from './validity.js';

/** How far ahead of the account's nonce a transaction may wait in the pool (as for substrate extrinsics). */
const MAX_FUTURE_NONCES = 256;

const transact = ethereumPallet.calls[0]!;

/**
 * Checks a raw Ethereum transaction before the pool takes it, in geth's order and words: decoding, chain id,
 * signature, gas limit and price, known hash, nonce, funds. The transaction becomes the extrinsic
 * `ethereum.transact` signed by the recovered address. Its `fee` is the most its gas may cost (`gas × gas price`):
 * the pool orders by it, and block production checks the sender can still pay it. The value is checked here; if
 * it is spent meanwhile, the transaction is included as failed (`evm.BalanceLow`), its nonce used, nothing charged.
 */
/** geth's refusal of a sender who cannot pay a transaction's gas and value (or a call's value). */
export const insufficientFunds = (from: string, have: bigint, want: bigint): string =>
  `insufficient funds for gas * price + value: address ${from} have ${have} want ${want}`;

export function checkEthereumTransaction(raw: string, view: ValidityView): CheckedTx {
  const { tx, from } = decodeAndRecover(raw);
  return checkEthereumSender(tx, from, view);
}

/** The checks once the sender is recovered (against the state of that moment), and the extrinsic it becomes. */
export function checkEthereumSender(tx: EthTransaction, from: string, view: ValidityView): CheckedTx {
  if (tx.to === null && (tx.data.length - 2) / 2 > MAX_INITCODE_SIZE)
    throw new EthTransactionError(
      `max initcode size exceeded: code size ${(tx.data.length - 2) / 2} limit ${MAX_INITCODE_SIZE}`,
    );
  const intrinsic = intrinsicGas({ data: tx.data, create: tx.to === null, accessList: tx.accessList });
  if (tx.gas < intrinsic)
    throw new EthTransactionError(`intrinsic gas too low: have ${tx.gas}, want ${intrinsic}`);
  if (tx.gas > MAX_GAS_LIMIT) throw new EthTransactionError('exceeds block gas limit');
  if (tx.type === 'eip1559') {
    const maxFee = tx.maxFeePerGas ?? 0n;
    if ((tx.maxPriorityFeePerGas ?? 0n) > maxFee)
      throw new EthTransactionError(
        `max priority fee per gas higher than max fee per gas: address ${from}, maxPriorityFeePerGas: ${tx.maxPriorityFeePerGas}, maxFeePerGas: ${maxFee}`,
      );
    if (maxFee < GAS_PRICE)
      throw new EthTransactionError(
        `max fee per gas less than block base fee: address ${from}, maxFeePerGas: ${maxFee}, baseFee: ${GAS_PRICE}`,
      );
  } else if ((tx.gasPrice ?? 0n) < GAS_PRICE)
    throw new EthTransactionError(
      `transaction underpriced: gas price ${tx.gasPrice}, minimum needed ${GAS_PRICE}`,
    );
  if (view.isKnown(tx.hash)) throw new EthTransactionError('already known');
  const next = view.accountNonce(from);
  if (tx.nonce < next)
    throw new EthTransactionError(`nonce too low: address ${from}, tx: ${tx.nonce} state: ${next}`);
  if (tx.nonce > next + MAX_FUTURE_NONCES)
    throw new EthTransactionError(`nonce too high: address ${from}, tx: ${tx.nonce} state: ${next}`);
  if (view.pooledNonceTaken(from, tx.nonce))
    throw new EthTransactionError('replacement transaction underpriced');
  const payer = balanceAccount(from);
  const gasCost = tx.gas * GAS_PRICE;
  const cost = tx.value + gasCost;
  const have = view.usableBalance(payer);
  if (have < cost) throw new EthTransactionError(insufficientFunds(from, have, cost));
  const rawArgs = { transaction: tx.raw };
  // Opal's call (`ethereum.transact(TransactionV2)`) only when something reads it: the pool and the block run the
  // transaction from its decoded form, and encoding it through the metadata costs more than the rest of this check.
  let method: Uint8Array | undefined;
  const callBytes = () => {
    method ??= encodeCall('ethereum', 'transact', rawArgs);
    return method;
  };
  return {
    hash: tx.hash,
    // The pool and the era check read a substrate payload: an Ethereum transaction is immortal and at its nonce.
    json: {
      address: payer,
      blockHash: view.genesisHash,
      blockNumber: '0x00000000',
      era: bytesToHex(IMMORTAL_ERA),
      genesisHash: view.genesisHash,
      get method() {
        return bytesToHex(callBytes());
      },
      nonce: `0x${tx.nonce.toString(16)}`,
      specVersion: `0x${CHAIN.specVersion.toString(16)}`,
      tip: '0x0',
      transactionVersion: `0x${CHAIN.transactionVersion.toString(16)}`,
      signedExtensions: [...SIGNED_EXTENSIONS],
      version: 4,
    },
    signer: from,
    nonce: tx.nonce,
    tip: 0n,
    call: {
      pallet: ethereumPallet,
      call: transact,
      rawArgs,
      // What the call's schema parses `rawArgs` to, without a parse: the decoder took `tx.raw` as lower-case hex
      // within the call's bound.
      args: rememberDecoded({ transaction: tx.raw }, tx),
      get bytes() {
        return callBytes();
      },
      inner: 0,
    },
    encoded: hexToBytes(tx.raw),
    fee: gasCost,
    weight: ETHEREUM_WEIGHT,
    era: 'immortal',
    ethereum: { from, payer },
  };
}
