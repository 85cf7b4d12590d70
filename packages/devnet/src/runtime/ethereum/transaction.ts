import { bytesToHex, hexToBytes, toChecksumEthereumAddress } from '@nftkit/primitives';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { type Hex, parseTransaction, serializeTransaction, type TransactionSerializable } from 'viem';
import { recoverPublicKey } from '../../crypto/secp256k1.js';
import { transactionWire } from './wire.js';

/** The devnet's Ethereum chain id (Unique 8880, Quartz 8881, Opal 8882, Sapphire 8883). */
export const ETH_CHAIN_ID = 8884;
/** The largest raw transaction taken (geth's `txMaxSize`): sizes are bounded before any decoding. */
export const MAX_RAW_TRANSACTION_BYTES = 128 * 1024;

export type EthTransactionType = 'legacy' | 'eip2930' | 'eip1559';

/** A signed Ethereum transaction as decoded from its raw bytes (the sender is recovered separately). */
export type EthTransaction = {
  hash: Hex;
  raw: Hex;
  type: EthTransactionType;
  chainId: number | undefined;
  nonce: number;
  to: string | null;
  value: bigint;
  data: Hex;
  gas: bigint;
  /** Legacy and EIP-2930: the price the signer offered. */
  gasPrice: bigint | undefined;
  maxFeePerGas: bigint | undefined;
  maxPriorityFeePerGas: bigint | undefined;
  accessList: readonly { address: Hex; storageKeys: readonly Hex[] }[];
  r: Hex;
  s: Hex;
  v: bigint;
  yParity: number;
};

/** Why a raw transaction is refused, worded as geth words it (clients match these texts). */
export class EthTransactionError extends Error {
  override readonly name = 'EthTransactionError';
}

const TYPES: Record<string, EthTransactionType> = {
  legacy: 'legacy',
  eip2930: 'eip2930',
  eip1559: 'eip1559',
};

/** Decodes a raw signed transaction (legacy, EIP-2930, EIP-1559); other types and malformed RLP are refused. */
export function decodeTransaction(raw: string): EthTransaction {
  if (!/^0x([0-9a-fA-F]{2})+$/.test(raw))
    throw new EthTransactionError('invalid raw transaction: expected 0x hex bytes');
  if ((raw.length - 2) / 2 > MAX_RAW_TRANSACTION_BYTES) throw new EthTransactionError('oversized data');
  const first = Number.parseInt(raw.slice(2, 4), 16);
  if (first < 0xc0 && first !== 1 && first !== 2)
    throw new EthTransactionError('transaction type not supported');
  // The fields Opal's call carries must give these bytes back (a canonical RLP), or the chain would hold two.
  try {
    transactionWire.toScale(raw);
  } catch (e) {
    throw new EthTransactionError((e as Error).message.replace(/^transaction: /, ''));
  }
  let p: ReturnType<typeof parseTransaction>;
  try {
    p = parseTransaction(raw as Hex);
  } catch (e) {
    throw new EthTransactionError(`rlp: ${(e as Error).message.split('\n')[0]}`);
  }
  const type = TYPES[p.type ?? ''];
  if (!type) throw new EthTransactionError('transaction type not supported');
  if (p.r === undefined || p.s === undefined)
    throw new EthTransactionError('invalid transaction v, r, s values');
  const yParity = p.yParity ?? (p.v === undefined ? undefined : legacyParity(p.v, p.chainId));
  if (yParity !== 0 && yParity !== 1) throw new EthTransactionError('invalid transaction v, r, s values');
  const nonce = p.nonce ?? 0;
  return {
    hash: bytesToHex(keccak_256(hexToBytes(raw))) as Hex,
    raw: raw.toLowerCase() as Hex,
    type,
    chainId: p.chainId,
    nonce,
    to: p.to ? toChecksumEthereumAddress(p.to) : null,
    value: p.value ?? 0n,
    data: (p.data ?? '0x') as Hex,
    gas: p.gas ?? 0n,
    gasPrice: 'gasPrice' in p ? p.gasPrice : undefined,
    maxFeePerGas: 'maxFeePerGas' in p ? p.maxFeePerGas : undefined,
    maxPriorityFeePerGas: 'maxPriorityFeePerGas' in p ? p.maxPriorityFeePerGas : undefined,
    accessList: 'accessList' in p && p.accessList ? p.accessList : [],
    r: p.r,
    s: p.s,
    v: p.v ?? BigInt(yParity),
    yParity,
  };
}

const decodedArgs = new WeakMap<object, EthTransaction>();

/**
 * The arguments of `ethereum.transact` for a transaction decoded at admission. The block's dispatch finds the
 * decoded form again through {@link decodedTransaction} instead of parsing and hashing the raw bytes a second time.
 */
export function rememberDecoded<A extends { transaction: string }>(args: A, tx: EthTransaction): A {
  decodedArgs.set(args, tx);
  return args;
}

/** The transaction `args.transaction` holds: as decoded at admission when it was, else decoded now. */
export function decodedTransaction(args: { transaction: string }): EthTransaction {
  return decodedArgs.get(args) ?? decodeTransaction(args.transaction);
}

/** EIP-155: `v = chainId × 2 + 35 + parity`; before it, `v = 27 + parity`. */
function legacyParity(v: bigint, chainId: number | undefined): number | undefined {
  if (v === 27n || v === 28n) return Number(v - 27n);
  if (chainId === undefined) return undefined;
  const p = v - BigInt(chainId) * 2n - 35n;
  return p === 0n || p === 1n ? Number(p) : undefined;
}

/** The hash the sender signed: the transaction serialized without its signature (with the chain id for EIP-155). */
function signingHash(tx: EthTransaction): Uint8Array {
  const base = {
    chainId: tx.chainId ?? 0,
    nonce: tx.nonce,
    gas: tx.gas,
    to: tx.to as Hex | null,
    value: tx.value,
    data: tx.data,
  };
  let unsigned: TransactionSerializable;
  if (tx.type === 'legacy') unsigned = { ...base, type: 'legacy', gasPrice: tx.gasPrice ?? 0n };
  else if (tx.type === 'eip2930')
    unsigned = { ...base, type: 'eip2930', gasPrice: tx.gasPrice ?? 0n, accessList: tx.accessList };
  else
    unsigned = {
      ...base,
      type: 'eip1559',
      maxFeePerGas: tx.maxFeePerGas ?? 0n,
      maxPriorityFeePerGas: tx.maxPriorityFeePerGas ?? 0n,
      accessList: tx.accessList,
    };
  return keccak_256(hexToBytes(serializeTransaction(unsigned)));
}

/** What recovering a transaction's sender takes: the signing hash, the compact signature and its recovery bit. */
type SenderSignature = { hash: Uint8Array; rs: Uint8Array; recovery: number };

/**
 * The transaction's signature, checked as every Ethereum node checks it before recovery (EIP-2: a high `s` is
 * refused since Homestead; a zero `r` or `s` is no signature).
 */
function senderSignature(tx: EthTransaction): SenderSignature {
  const rs = new Uint8Array(64);
  let signature: InstanceType<typeof secp256k1.Signature>;
  try {
    rs.set(hexToBytes(pad32(tx.r)), 0);
    rs.set(hexToBytes(pad32(tx.s)), 32);
    signature = secp256k1.Signature.fromBytes(rs, 'compact');
  } catch {
    throw new EthTransactionError('invalid transaction v, r, s values');
  }
  if (signature.r === 0n || signature.s === 0n || signature.hasHighS())
    throw new EthTransactionError('invalid transaction v, r, s values');
  return { hash: signingHash(tx), rs, recovery: tx.yParity };
}

/** The Ethereum address of an uncompressed public key (65 bytes); `null` (no key made the signature) is refused. */
function senderAddress(publicKey: Uint8Array | null): string {
  if (!publicKey) throw new EthTransactionError('invalid sender');
  return toChecksumEthereumAddress(bytesToHex(keccak_256(publicKey.subarray(1)).subarray(12)));
}

/** The sender, recovered from the signature with secp256k1 in this thread. */
export function recoverSender(tx: EthTransaction): string {
  const { hash, rs, recovery } = senderSignature(tx);
  return senderAddress(recoverPublicKey(hash, rs, recovery));
}

/** The checks before the sender is known, in geth's order: decoding, replay protection, chain id. */
export function decodeEthereumTransaction(raw: string): EthTransaction {
  const tx = decodeTransaction(raw);
  if (tx.chainId === undefined)
    throw new EthTransactionError('only replay-protected (EIP-155) transactions allowed over RPC');
  if (tx.chainId !== ETH_CHAIN_ID)
    throw new EthTransactionError(`invalid chain id for signer: have ${tx.chainId} want ${ETH_CHAIN_ID}`);
  return tx;
}

/** A raw transaction as submitted over JSON-RPC: decoded, checked up to its signature, and its sender recovered. */
export type SignedEthTransaction = { tx: EthTransaction; from: string };

/** {@link decodeEthereumTransaction} then {@link recoverSender}: what may run away from the chain's state. */
export function decodeAndRecover(raw: string): SignedEthTransaction {
  const tx = decodeEthereumTransaction(raw);
  return { tx, from: recoverSender(tx) };
}

function pad32(h: Hex): string {
  const body = h.slice(2);
  if (body.length > 64) throw new EthTransactionError('invalid transaction v, r, s values');
  return `0x${body.padStart(64, '0')}`;
}
