import { fromRlp, type Hex } from 'viem';
import { CallDecodeError } from '../codec.js';

/** An RLP item as viem decodes it: bytes as lower-case hex, or a list of items. */
export type Rlp = Hex | readonly Rlp[];

/** The transaction types the devnet takes, by the byte their raw form starts with (legacy: an RLP list's). */
export type TransactionKind = 'legacy' | 'eip2930' | 'eip1559';

/**
 * A signed transaction's fields, each checked to be its canonical RLP (the signature's three last), and the bytes
 * they were read from (which re-encoding the fields gives back exactly).
 */
export type TransactionRlp = { kind: TransactionKind; fields: readonly Rlp[]; bytes: Uint8Array };

const fail = (why: string): never => {
  throw new CallDecodeError(`transaction: ${why}`);
};

/** An RLP integer: canonical (no leading zero byte), at most `bytes` long. */
function int(item: Rlp | undefined, bytes = 32): void {
  if (typeof item !== 'string') fail('expected an RLP integer');
  else if (item.startsWith('0x00')) fail('rlp: non-canonical integer (leading zero bytes)');
  else if (item.length - 2 > 2 * bytes) fail(`an integer longer than ${bytes} bytes`);
}
function data(item: Rlp | undefined): void {
  if (typeof item !== 'string') fail('expected RLP bytes');
}
function to(item: Rlp | undefined): void {
  data(item);
  if (item !== '0x' && item?.length !== 42) fail('`to` must be 20 bytes or empty');
}
function accessList(item: Rlp | undefined): void {
  if (!Array.isArray(item)) fail('expected an access list');
  for (const entry of item as readonly Rlp[]) {
    if (!Array.isArray(entry) || entry.length !== 2 || !Array.isArray(entry[1]))
      fail('an access list entry is [address, [storage keys]]');
    data(entry[0]);
    if (entry[0].length !== 42) fail('an access list address is 20 bytes');
    for (const key of entry[1] as readonly Rlp[]) {
      data(key);
      if (key.length !== 66) fail('an access list storage key is 32 bytes');
    }
  }
}
function parity(item: Rlp | undefined): void {
  int(item);
  if (item !== '0x' && item !== '0x01') fail('invalid transaction v, r, s values');
}
function count(list: readonly Rlp[], n: number): void {
  if (list.length !== n) fail(`expected ${n} RLP fields, got ${list.length}`);
}

/** The fields EIP-2930 and EIP-1559 transactions end with, after their fee fields. */
function typedTail(f: readonly Rlp[], at: number): void {
  int(f[at]); // gas limit
  to(f[at + 1]);
  int(f[at + 2]); // value
  data(f[at + 3]); // input
  accessList(f[at + 4]);
  parity(f[at + 5]);
  int(f[at + 6]); // r
  int(f[at + 7]); // s
}

/**
 * Decodes a signed transaction's bytes (legacy, EIP-2930, EIP-1559) into its RLP fields, refusing what is not their
 * canonical encoding: viem's decoder refuses non-canonical lengths and trailing bytes, and an integer with a leading
 * zero byte is refused here, as geth refuses both. The fields then give these bytes back exactly, so a transaction has
 * one raw form (and one hash) whichever form it arrived in. Refusals are {@link CallDecodeError}s, `transaction: why`.
 */
export function transactionRlp(bytes: Uint8Array): TransactionRlp {
  const first = bytes[0] ?? 0;
  let decoded: Rlp;
  try {
    decoded = fromRlp(first >= 0xc0 ? bytes : bytes.subarray(1), 'hex');
  } catch (e) {
    return fail(`rlp: ${(e as Error).message.split('\n')[0]}`);
  }
  if (!Array.isArray(decoded)) return fail('expected an RLP list');
  const f = decoded as readonly Rlp[];
  if (first >= 0xc0) {
    count(f, 9);
    int(f[0]); // nonce
    int(f[1]); // gas price
    int(f[2]); // gas limit
    to(f[3]);
    int(f[4]); // value
    data(f[5]); // input
    int(f[6], 8); // v
    int(f[7]); // r
    int(f[8]); // s
    return { kind: 'legacy', fields: f, bytes };
  }
  if (first === 1) {
    count(f, 11);
    int(f[0], 8); // chain id
    int(f[1]); // nonce
    int(f[2]); // gas price
    typedTail(f, 3);
    return { kind: 'eip2930', fields: f, bytes };
  }
  if (first === 2) {
    count(f, 12);
    int(f[0], 8); // chain id
    int(f[1]); // nonce
    int(f[2]); // max priority fee
    int(f[3]); // max fee
    typedTail(f, 4);
    return { kind: 'eip1559', fields: f, bytes };
  }
  return fail('transaction type not supported');
}

/**
 * An RLP item's payload in `b` at `at`: where it starts and how long it is (a string's bytes, a list's items). For
 * bytes already known to be canonical RLP ({@link transactionRlp}'s, or a transaction the chain took): nothing is
 * checked, and the bytes are stepped over without being decoded.
 */
export function rlpItemAt(b: Uint8Array, at: number): { start: number; length: number } {
  const prefix = b[at] ?? 0;
  if (prefix < 0x80) return { start: at, length: 1 };
  if (prefix <= 0xb7) return { start: at + 1, length: prefix - 0x80 };
  if (prefix >= 0xc0 && prefix <= 0xf7) return { start: at + 1, length: prefix - 0xc0 };
  const lengthBytes = prefix - (prefix < 0xc0 ? 0xb7 : 0xf7);
  let length = 0;
  for (let i = 1; i <= lengthBytes; i++) length = length * 256 + (b[at + i] ?? 0);
  return { start: at + 1 + lengthBytes, length };
}

/** Where the field after `count` fields starts, in the RLP list whose items start at `at`. */
export function rlpFieldAt(b: Uint8Array, at: number, count: number): number {
  let next = at;
  for (let field = 0; field < count; field++) {
    const item = rlpItemAt(b, next);
    next = item.start + item.length;
  }
  return next;
}
