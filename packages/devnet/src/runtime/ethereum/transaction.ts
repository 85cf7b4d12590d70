import { bytesToHex, hexToBytes, toChecksumEthereumAddress } from '@nftkit/primitives';
import { type Hex, hexToNumber, InvalidLegacyVError, TipAboveFeeCapError, toRlp } from 'viem';
import { keccak256 } from '../../crypto/keccak.js';
import { recoverPublicKey } from '../../crypto/secp256k1.js';
import { rlpFieldAt, rlpItemAt, type TransactionRlp, transactionRlp } from './transactionRlp.js';

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

const HEX_BYTES_REFUSED = 'invalid raw transaction: expected 0x hex bytes';

/** Decodes a raw signed transaction (legacy, EIP-2930, EIP-1559); other types and malformed RLP are refused. */
export function decodeTransaction(raw: string): EthTransaction {
  return decodeFields(raw).tx;
}

/**
 * The transaction and the RLP fields it was read from (what its signing payload is made of). One RLP parse gives
 * both; the values and refusals are viem's `parseTransaction`'s (its error texts, after geth's canonical-encoding
 * checks), which the tests keep as the oracle.
 */
function decodeFields(raw: string): { tx: EthTransaction; rlp: TransactionRlp } {
  if (raw.length < 4 || raw[0] !== '0' || raw[1] !== 'x') throw new EthTransactionError(HEX_BYTES_REFUSED);
  let bytes: Uint8Array;
  try {
    bytes = hexToBytes(raw);
  } catch {
    throw new EthTransactionError(HEX_BYTES_REFUSED);
  }
  if (bytes.length > MAX_RAW_TRANSACTION_BYTES) throw new EthTransactionError('oversized data');
  const first = bytes[0]!;
  if (first < 0xc0 && first !== 1 && first !== 2)
    throw new EthTransactionError('transaction type not supported');
  // The fields Opal's call carries must give these bytes back (a canonical RLP), or the chain would hold two.
  let rlp: TransactionRlp;
  try {
    rlp = transactionRlp(bytes);
  } catch (e) {
    throw new EthTransactionError((e as Error).message.replace(/^transaction: /, ''));
  }
  let fields: Omit<EthTransaction, 'hash' | 'raw'>;
  try {
    fields = rlp.kind === 'legacy' ? legacyFields(rlp.fields as readonly Hex[]) : typedFields(rlp);
  } catch (e) {
    if (e instanceof EthTransactionError) throw e;
    throw new EthTransactionError(`rlp: ${(e as Error).message.split('\n')[0]}`);
  }
  return { tx: { hash: bytesToHex(keccak256(bytes)) as Hex, raw: raw.toLowerCase() as Hex, ...fields }, rlp };
}

/** A canonical RLP integer's value (`0x` is zero). */
const big = (item: Hex): bigint => (item === '0x' ? 0n : BigInt(item));
/** A nonce as viem reads it: one past the safe integers is refused with viem's text. */
const nonceOf = (item: Hex): number => (item === '0x' ? 0 : hexToNumber(item));
const toOf = (item: Hex): string | null => (item === '0x' ? null : toChecksumEthereumAddress(item));

/**
 * A legacy transaction: `v` is `27 + parity` or, since EIP-155, `chainId × 2 + 35 + parity`; its `r` and `s` are
 * kept as their RLP bytes. One without `r` and `s` is unsigned.
 */
function legacyFields(f: readonly Hex[]): Omit<EthTransaction, 'hash' | 'raw'> {
  const [nonceItem, gasPrice, gas, to, value, data, vItem, r, s] = f as [
    Hex,
    Hex,
    Hex,
    Hex,
    Hex,
    Hex,
    Hex,
    Hex,
    Hex,
  ];
  const nonce = nonceOf(nonceItem);
  if (r === '0x' && s === '0x') throw new EthTransactionError('invalid transaction v, r, s values');
  const v = big(vItem);
  const chainId = Number((v - 35n) / 2n);
  if (chainId <= 0 && v !== 27n && v !== 28n) throw new InvalidLegacyVError({ v });
  return {
    type: 'legacy',
    chainId: chainId > 0 ? chainId : undefined,
    nonce,
    to: toOf(to),
    value: big(value),
    data,
    gas: big(gas),
    gasPrice: gasPrice === '0x' ? undefined : big(gasPrice),
    maxFeePerGas: undefined,
    maxPriorityFeePerGas: undefined,
    accessList: [],
    r,
    s,
    v,
    yParity: v % 2n === 0n ? 1 : 0,
  };
}

/** An EIP-2930 or EIP-1559 transaction: a chain id, an access list, a `y` parity and 32-byte `r`, `s`. */
function typedFields({ kind, fields: f }: TransactionRlp): Omit<EthTransaction, 'hash' | 'raw'> {
  const chainId = hexToNumber(f[0] as Hex);
  const nonce = nonceOf(f[1] as Hex);
  let gasPrice: bigint | undefined;
  let maxFeePerGas: bigint | undefined;
  let maxPriorityFeePerGas: bigint | undefined;
  if (kind === 'eip2930') {
    if (f[2] !== '0x') gasPrice = big(f[2] as Hex);
  } else {
    // A zero fee is absent, as viem reads it; a tip above the fee cap is refused with viem's text.
    if (f[2] !== '0x') maxPriorityFeePerGas = big(f[2] as Hex);
    if (f[3] !== '0x' || maxPriorityFeePerGas) maxFeePerGas = big(f[3] as Hex);
    if (maxPriorityFeePerGas && maxFeePerGas !== undefined && maxPriorityFeePerGas > maxFeePerGas)
      throw new TipAboveFeeCapError({ maxFeePerGas, maxPriorityFeePerGas });
  }
  const [gas, to, value, data, list, y, r, s] = f.slice(kind === 'eip2930' ? 3 : 4) as Hex[];
  const yParity = y === '0x01' ? 1 : 0;
  return {
    type: kind,
    chainId,
    nonce,
    to: toOf(to!),
    value: big(value!),
    data: data!,
    gas: big(gas!),
    gasPrice,
    maxFeePerGas,
    maxPriorityFeePerGas,
    accessList: (list as unknown as readonly (readonly [Hex, readonly Hex[]])[]).map(
      ([address, storageKeys]) => ({
        address,
        storageKeys,
      }),
    ),
    r: pad32(r!),
    s: pad32(s!),
    v: yParity ? 28n : 27n,
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

/** secp256k1's group order: `r` and `s` are below it, and a low `s` at most half of it. */
const CURVE_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const TYPE_BYTE = { eip2930: 0x01, eip1559: 0x02 } as const;

/**
 * What the sender signed, from the transaction's own RLP fields: a typed transaction's type byte then its fields
 * without `y`, `r`, `s`; a legacy one's six first fields, then (EIP-155) its chain id and two empty fields.
 */
function signingPayload({ kind, fields, bytes }: TransactionRlp, chainId: number | undefined): Uint8Array {
  if (kind === 'legacy') {
    const unsigned = fields.slice(0, 6);
    return toRlp(
      chainId === undefined ? unsigned : [...unsigned, rlpInteger(BigInt(chainId)), '0x', '0x'],
      'bytes',
    );
  }
  // The fields before the signature, as they are in the signed bytes (canonical RLP: encoding them again gives the
  // same bytes), under a list header of their own length.
  const start = rlpItemAt(bytes, 1).start;
  const body = bytes.subarray(start, rlpFieldAt(bytes, start, fields.length - 3));
  const header = rlpListHeader(body.length);
  const payload = new Uint8Array(1 + header.length + body.length);
  payload[0] = TYPE_BYTE[kind];
  payload.set(header, 1);
  payload.set(body, 1 + header.length);
  return payload;
}

/** The header of an RLP list whose items take `length` bytes. */
function rlpListHeader(length: number): Uint8Array {
  if (length < 56) return Uint8Array.of(0xc0 + length);
  const digits: number[] = [];
  for (let n = length; n > 0; n = Math.floor(n / 256)) digits.unshift(n % 256);
  return Uint8Array.of(0xf7 + digits.length, ...digits);
}

const rlpInteger = (n: bigint): Hex => {
  if (n === 0n) return '0x';
  const h = n.toString(16);
  return `0x${h.length % 2 ? '0' : ''}${h}`;
};

/** What recovering a transaction's sender takes: the signing hash, the compact signature and its recovery bit. */
type SenderSignature = { hash: Uint8Array; rs: Uint8Array; recovery: number };

/**
 * The transaction's signature, checked as every Ethereum node checks it before recovery (EIP-2: a high `s` is
 * refused since Homestead; a zero `r` or `s` is no signature, and neither may reach the group order).
 */
function senderSignature(tx: EthTransaction, rlp: TransactionRlp): SenderSignature {
  const r = big(tx.r);
  const s = big(tx.s);
  if (r === 0n || r >= CURVE_N || s === 0n || s > CURVE_N >> 1n)
    throw new EthTransactionError('invalid transaction v, r, s values');
  const rs = hexToBytes(`${pad32(tx.r)}${pad32(tx.s).slice(2)}`);
  return { hash: keccak256(signingPayload(rlp, tx.chainId)), rs, recovery: tx.yParity };
}

/** The Ethereum address of an uncompressed public key (65 bytes); `null` (no key made the signature) is refused. */
function senderAddress(publicKey: Uint8Array | null): string {
  if (!publicKey) throw new EthTransactionError('invalid sender');
  return toChecksumEthereumAddress(bytesToHex(keccak256(publicKey.subarray(1)).subarray(12)));
}

/** The sender, recovered from the signature with secp256k1 in this thread. */
export function recoverSender(tx: EthTransaction): string {
  return recoverFrom(tx, transactionRlp(hexToBytes(tx.raw)));
}

function recoverFrom(tx: EthTransaction, rlp: TransactionRlp): string {
  const { hash, rs, recovery } = senderSignature(tx, rlp);
  return senderAddress(recoverPublicKey(hash, rs, recovery));
}

/** The checks before the sender is known, in geth's order: decoding, replay protection, chain id. */
export function decodeEthereumTransaction(raw: string): EthTransaction {
  return replayProtected(decodeFields(raw)).tx;
}

function replayProtected<D extends { tx: EthTransaction }>(decoded: D): D {
  const { tx } = decoded;
  if (tx.chainId === undefined)
    throw new EthTransactionError('only replay-protected (EIP-155) transactions allowed over RPC');
  if (tx.chainId !== ETH_CHAIN_ID)
    throw new EthTransactionError(`invalid chain id for signer: have ${tx.chainId} want ${ETH_CHAIN_ID}`);
  return decoded;
}

/** A raw transaction as submitted over JSON-RPC: decoded, checked up to its signature, and its sender recovered. */
export type SignedEthTransaction = { tx: EthTransaction; from: string };

/** {@link decodeEthereumTransaction} then {@link recoverSender}: what may run away from the chain's state. */
export function decodeAndRecover(raw: string): SignedEthTransaction {
  const { tx, rlp } = replayProtected(decodeFields(raw));
  return { tx, from: recoverFrom(tx, rlp) };
}

/** A signature word (at most 32 bytes, checked with the RLP) padded to 32 bytes. */
const pad32 = (h: Hex): Hex => `0x${h.slice(2).padStart(64, '0')}`;
