import { bytesToHex } from '@nftkit/primitives';
import { decodeTransaction } from '../runtime/ethereum/transaction.js';
import { rlpFieldAt, rlpItemAt } from '../runtime/ethereum/transactionRlp.js';
import { GAS_PRICE } from '../runtime/evm/gas.js';
import { MAX_GAS_LIMIT } from '../runtime/evm/transact.js';
import { EMPTY_UNCLES_HASH, logsBloom, quantity, ZERO_HASH } from './format.js';
import type { EthBlockRow, EthLogEntry, EthTxEntry } from './history.js';

const TYPE_CODE = { legacy: '0x0', eip2930: '0x1', eip1559: '0x2' } as const;

/**
 * An address as the node answers it: in lower case, as geth, Hardhat and Frontier (Opal's Ethereum RPC) give every
 * address of a transaction, receipt or log. Clients accept either case; a test that compares strings does not.
 */
const lower = (address: string): string => address.toLowerCase();

/** Where an included transaction is: its block and position. */
type Placement = { blockHash: string; blockNumber: number; index: number };

/**
 * A transaction object (`eth_getTransactionByHash`, full blocks, `txpool_content`): the signed fields as signed,
 * and where it is (`null`s while it waits in the pool).
 */
export function signedTransactionView(
  raw: Uint8Array,
  hash: string,
  from: string,
  at: Placement | null,
): Record<string, unknown> {
  const tx = decodeTransaction(bytesToHex(raw));
  const view: Record<string, unknown> = {
    type: TYPE_CODE[tx.type],
    hash,
    nonce: quantity(tx.nonce),
    blockHash: at ? at.blockHash : null,
    blockNumber: at ? quantity(at.blockNumber) : null,
    transactionIndex: at ? quantity(at.index) : null,
    from: lower(from),
    to: tx.to ? lower(tx.to) : null,
    value: quantity(tx.value),
    gas: quantity(tx.gas),
    gasPrice: quantity(tx.type === 'eip1559' ? GAS_PRICE : (tx.gasPrice ?? 0n)),
    input: tx.data,
    // A typed transaction's v is its y parity (as geth, Hardhat and Frontier answer); a legacy one's is EIP-155's.
    v: quantity(tx.type === 'legacy' ? tx.v : tx.yParity),
    // Quantities without leading zeros, as geth, Hardhat and anvil give them (not 32-byte words).
    r: quantity(BigInt(tx.r)),
    s: quantity(BigInt(tx.s)),
  };
  if (tx.chainId !== undefined) view.chainId = quantity(tx.chainId);
  if (tx.type !== 'legacy') {
    view.accessList = tx.accessList;
    view.yParity = quantity(tx.yParity);
  }
  if (tx.type === 'eip1559') {
    view.maxFeePerGas = quantity(tx.maxFeePerGas ?? 0n);
    view.maxPriorityFeePerGas = quantity(tx.maxPriorityFeePerGas ?? 0n);
  }
  return view;
}

export function transactionView(entry: EthTxEntry, blockHash: string): Record<string, unknown> {
  return signedTransactionView(entry.raw, entry.hash, entry.from, {
    blockHash,
    blockNumber: entry.blockNumber,
    index: entry.index,
  });
}

export function logView(entry: EthTxEntry, blockHash: string, log: EthLogEntry): Record<string, unknown> {
  return {
    address: lower(log.address),
    topics: log.topics,
    data: log.data,
    blockNumber: quantity(entry.blockNumber),
    blockHash,
    transactionHash: entry.hash,
    transactionIndex: quantity(entry.index),
    logIndex: quantity(log.logIndex),
    removed: false,
  };
}

/** Where the recipient is among a signed transaction's RLP fields, by the type's first byte. */
const TO_FIELD = { legacy: 3, eip2930: 4, eip1559: 5 } as const;

/**
 * The type and recipient of an included transaction, read off its RLP: a receipt needs no more, and the chain
 * checked the whole transaction (its canonical RLP included) when it took it. The fields before the recipient are
 * stepped over, not decoded: decoding the transaction again cost a receipt several times this.
 */
function typeAndRecipient(raw: Uint8Array): { type: keyof typeof TYPE_CODE; to: string | null } {
  const first = raw[0] ?? 0;
  const type = first >= 0xc0 ? 'legacy' : first === 1 ? 'eip2930' : 'eip1559';
  const to = rlpItemAt(raw, rlpFieldAt(raw, rlpItemAt(raw, type === 'legacy' ? 0 : 1).start, TO_FIELD[type]));
  return { type, to: to.length === 20 ? bytesToHex(raw.subarray(to.start, to.start + 20)) : null };
}

/** A receipt: what the execution came to, the gas it paid at the chain's gas price, and its logs. */
export function receiptView(entry: EthTxEntry, blockHash: string): Record<string, unknown> {
  const tx = typeAndRecipient(entry.raw);
  return {
    transactionHash: entry.hash,
    transactionIndex: quantity(entry.index),
    blockHash,
    blockNumber: quantity(entry.blockNumber),
    from: lower(entry.from),
    to: tx.to,
    cumulativeGasUsed: quantity(entry.cumulativeGasUsed),
    gasUsed: quantity(entry.gasUsed),
    effectiveGasPrice: quantity(GAS_PRICE),
    contractAddress: entry.contractAddress && lower(entry.contractAddress),
    logs: entry.logs.map((l) => logView(entry, blockHash, l)),
    logsBloom: logsBloom(entry.logs),
    type: TYPE_CODE[tx.type],
    status: entry.status ? '0x1' : '0x0',
  };
}

/** A block in Ethereum's shape; roots and hashes the devnet does not compute are zero. */
export function blockView(block: EthBlockRow, txs: EthTxEntry[], full: boolean): Record<string, unknown> {
  const gasUsed = txs.reduce((sum, t) => sum + t.gasUsed, 0n);
  const size = 540 + txs.reduce((sum, t) => sum + t.raw.length, 0);
  return {
    number: quantity(block.number),
    hash: block.hash,
    parentHash: block.parentHash,
    nonce: '0x0000000000000000',
    mixHash: ZERO_HASH,
    sha3Uncles: EMPTY_UNCLES_HASH,
    logsBloom: logsBloom(txs.flatMap((t) => t.logs)),
    transactionsRoot: block.extrinsicsRoot,
    stateRoot: ZERO_HASH,
    receiptsRoot: ZERO_HASH,
    miner: `0x${'00'.repeat(20)}`,
    difficulty: '0x0',
    totalDifficulty: '0x0',
    extraData: '0x',
    size: quantity(size),
    gasLimit: quantity(MAX_GAS_LIMIT),
    gasUsed: quantity(gasUsed),
    timestamp: quantity(Math.floor(block.timestamp / 1000)),
    baseFeePerGas: quantity(GAS_PRICE),
    transactions: full ? txs.map((t) => transactionView(t, block.hash)) : txs.map((t) => t.hash),
    uncles: [],
  };
}
