import { bytesToHex, hexToBytes, toChecksumEthereumAddress } from '@nftkit/primitives';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import fc from 'fast-check';
import {
  fromRlp,
  type Hex,
  parseTransaction,
  serializeTransaction,
  type TransactionSerializable,
  toRlp,
} from 'viem';
import { describe, expect, it } from 'vitest';
import {
  decodeAndRecover,
  decodeTransaction,
  ETH_CHAIN_ID,
  type EthTransaction,
  EthTransactionError,
  MAX_RAW_TRANSACTION_BYTES,
  recoverSender,
} from '../src/runtime/ethereum/transaction.js';
import { transactionWire } from '../src/runtime/ethereum/wire.js';

// A raw transaction is parsed once, its signing payload built from its own RLP fields. The oracle is the devnet's
// former path, kept here: viem's parseTransaction (after the canonical-encoding check), the payload re-serialized
// with viem's serializeTransaction, the signature checked with noble's Signature. Every answer and every refusal
// (its text) must be the same, for random transactions of each type and for their corruptions.

type Answer = { tx: EthTransaction; from: string | { error: string } } | { error: string };

function oracleDecode(raw: string): EthTransaction {
  if (!/^0x([0-9a-fA-F]{2})+$/.test(raw))
    throw new EthTransactionError('invalid raw transaction: expected 0x hex bytes');
  if ((raw.length - 2) / 2 > MAX_RAW_TRANSACTION_BYTES) throw new EthTransactionError('oversized data');
  const first = Number.parseInt(raw.slice(2, 4), 16);
  if (first < 0xc0 && first !== 1 && first !== 2)
    throw new EthTransactionError('transaction type not supported');
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
  const type = p.type as EthTransaction['type'];
  if (p.r === undefined || p.s === undefined || p.yParity === undefined)
    throw new EthTransactionError('invalid transaction v, r, s values');
  return {
    hash: bytesToHex(keccak_256(hexToBytes(raw))) as Hex,
    raw: raw.toLowerCase() as Hex,
    type,
    chainId: p.chainId,
    nonce: p.nonce ?? 0,
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
    v: p.v ?? BigInt(p.yParity),
    yParity: p.yParity,
  };
}

function oracleSigningHash(tx: EthTransaction): Uint8Array {
  const base = { nonce: tx.nonce, gas: tx.gas, to: tx.to as Hex | null, value: tx.value, data: tx.data };
  let unsigned: TransactionSerializable;
  // Before EIP-155 the payload has no chain id (viem's legacy form without one).
  if (tx.type === 'legacy')
    unsigned = { ...base, type: 'legacy', gasPrice: tx.gasPrice ?? 0n, chainId: tx.chainId };
  else if (tx.type === 'eip2930')
    unsigned = {
      ...base,
      chainId: tx.chainId ?? 0,
      type: 'eip2930',
      gasPrice: tx.gasPrice ?? 0n,
      accessList: tx.accessList,
    };
  else
    unsigned = {
      ...base,
      chainId: tx.chainId ?? 0,
      type: 'eip1559',
      maxFeePerGas: tx.maxFeePerGas ?? 0n,
      maxPriorityFeePerGas: tx.maxPriorityFeePerGas ?? 0n,
      accessList: tx.accessList,
    };
  return keccak_256(hexToBytes(serializeTransaction(unsigned)));
}

function oracleSender(tx: EthTransaction): string {
  const rs = new Uint8Array(64);
  let signature: InstanceType<typeof secp256k1.Signature>;
  try {
    rs.set(hexToBytes(`0x${tx.r.slice(2).padStart(64, '0')}`), 0);
    rs.set(hexToBytes(`0x${tx.s.slice(2).padStart(64, '0')}`), 32);
    signature = secp256k1.Signature.fromBytes(rs, 'compact');
  } catch {
    throw new EthTransactionError('invalid transaction v, r, s values');
  }
  if (signature.r === 0n || signature.s === 0n || signature.hasHighS())
    throw new EthTransactionError('invalid transaction v, r, s values');
  const hash = oracleSigningHash(tx);
  let key: Uint8Array;
  try {
    key = signature.addRecoveryBit(tx.yParity).recoverPublicKey(hash).toBytes(false);
  } catch {
    throw new EthTransactionError('invalid sender');
  }
  return toChecksumEthereumAddress(bytesToHex(keccak_256(key.subarray(1)).subarray(12)));
}

const outcome = <T>(f: () => T): T | { error: string } => {
  try {
    return f();
  } catch (e) {
    expect(e).toBeInstanceOf(EthTransactionError);
    return { error: (e as Error).message };
  }
};
const answer = (
  raw: string,
  decode: (r: string) => EthTransaction,
  sender: (t: EthTransaction) => string,
): Answer =>
  outcome(() => {
    const tx = decode(raw);
    // A legacy `v` whose chain id is past the safe integers: viem cannot serialize that chain id (the former path
    // threw its error); only the chain's own id is recovered from over JSON-RPC.
    if (tx.chainId !== undefined && !Number.isSafeInteger(tx.chainId))
      return { tx, from: { error: 'unsafe' } };
    return { tx, from: outcome(() => sender(tx)) };
  });

const word = (max: bigint) => fc.bigInt({ min: 0n, max });
/** A fee: often zero (an absent fee, to viem), else any 128-bit value. */
const fee = fc.oneof(fc.constant(0n), word(2n ** 128n));
const hexBytes = (min: number, max: number) =>
  fc.uint8Array({ minLength: min, maxLength: max }).map((b) => bytesToHex(b) as Hex);
const key = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .filter((k) => secp256k1.utils.isValidSecretKey(k));
const chainId = fc.oneof(fc.constant(ETH_CHAIN_ID), fc.integer({ min: 1, max: 2 ** 32 }));
const common = fc.record({
  nonce: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER })),
  gas: fc.oneof(fc.constant(21_000n), word(2n ** 64n - 1n)),
  to: fc.oneof(fc.constant(null), hexBytes(20, 20)),
  value: fc.oneof(fc.constant(0n), word(2n ** 256n - 1n)),
  data: hexBytes(0, 80),
});
const accessList = fc.array(
  fc.record({ address: hexBytes(20, 20), storageKeys: fc.array(hexBytes(32, 32), { maxLength: 3 }) }),
  { maxLength: 3 },
);
const unsigned: fc.Arbitrary<TransactionSerializable> = fc.oneof(
  fc
    .tuple(common, fee, fc.option(chainId, { nil: undefined }))
    .map(([c, gasPrice, id]) => ({ ...c, type: 'legacy', gasPrice, chainId: id }) as TransactionSerializable),
  fc.tuple(common, fee, chainId, accessList).map(
    ([c, gasPrice, id, list]): TransactionSerializable => ({
      ...c,
      type: 'eip2930',
      gasPrice,
      chainId: id,
      accessList: list,
    }),
  ),
  fc.tuple(common, fee, fee, chainId, accessList).map(
    ([c, a, b, id, list]): TransactionSerializable => ({
      ...c,
      type: 'eip1559',
      // The tip at most the fee cap (one above it is refused, as the edge cases below check).
      ...(a > b
        ? { maxFeePerGas: a, maxPriorityFeePerGas: b }
        : { maxFeePerGas: b, maxPriorityFeePerGas: a }),
      chainId: id,
      accessList: list,
    }),
  ),
);

/** Signs with noble over viem's unsigned serialization (which adds a legacy one's chain id to its `v`). */
function sign(tx: TransactionSerializable, secret: Uint8Array): { raw: Hex; from: string } {
  const sig = secp256k1.sign(keccak_256(hexToBytes(serializeTransaction(tx))), secret, {
    prehash: false,
    format: 'recovered',
  });
  const r = bytesToHex(sig.slice(1, 33)) as Hex;
  const s = bytesToHex(sig.slice(33)) as Hex;
  const yParity = sig[0]!;
  const raw = serializeTransaction(
    tx,
    tx.type === 'legacy' ? { r, s, v: 27n + BigInt(yParity) } : { r, s, yParity },
  );
  const pub = secp256k1.getPublicKey(secret, false);
  return { raw, from: toChecksumEthereumAddress(bytesToHex(keccak_256(pub.subarray(1)).subarray(12))) };
}

/** A corruption of a raw transaction: a byte changed, a cut, a byte inserted, or a different type byte. */
const corruption: fc.Arbitrary<CorruptionValue> = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }) }),
  fc.record({ kind: fc.constant('cut' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }) }),
);
function corrupt(raw: Hex, c: CorruptionValue): string {
  const b = hexToBytes(raw);
  const at = c.at % b.length;
  if (c.kind === 'cut') return bytesToHex(b.subarray(0, at));
  if (c.kind === 'set') b[at] = c.byte;
  else return bytesToHex(new Uint8Array([...b.subarray(0, at), c.byte, ...b.subarray(at)]));
  return bytesToHex(b);
}
type CorruptionValue = { kind: 'set' | 'insert'; at: number; byte: number } | { kind: 'cut'; at: number };

describe('decoding a raw Ethereum transaction', () => {
  it('gives what viem parses and the sender the old signing hash recovers, for random signed transactions', () => {
    fc.assert(
      fc.property(unsigned, key, (tx, secret) => {
        const { raw, from } = sign(tx, secret);
        const got = answer(raw, decodeTransaction, recoverSender);
        expect(got).toEqual(answer(raw, oracleDecode, oracleSender));
        expect(got).toMatchObject({ from });
        if (tx.chainId === ETH_CHAIN_ID)
          expect(decodeAndRecover(raw)).toEqual({ tx: oracleDecode(raw), from });
      }),
      { numRuns: 400 },
    );
  });

  it('refuses what the old path refused, with its words, for corrupted transactions', () => {
    fc.assert(
      fc.property(unsigned, key, fc.array(corruption, { minLength: 1, maxLength: 3 }), (tx, secret, cs) => {
        let raw: string = sign(tx, secret).raw;
        for (const c of cs) raw = corrupt(raw as Hex, c);
        expect(answer(raw, decodeTransaction, recoverSender)).toEqual(
          answer(raw, oracleDecode, oracleSender),
        );
      }),
      { numRuns: 1500 },
    );
  });

  it('refuses signatures and values the former path refused, field by field', () => {
    const secret = keccak_256(new TextEncoder().encode('edge'));
    const n = secp256k1.Point.CURVE().n;
    const baseRaw = sign(
      {
        type: 'eip1559',
        chainId: ETH_CHAIN_ID,
        nonce: 1,
        gas: 21_000n,
        maxFeePerGas: 2n,
        maxPriorityFeePerGas: 1n,
      },
      secret,
    ).raw;
    const base = parseTransaction(baseRaw);
    // A legacy transaction's fields as RLP, with the `v`, `r`, `s` given.
    const legacy = (v: Hex, r: Hex, s: Hex) =>
      toRlp(['0x01', '0x02', '0x5208', `0x${'11'.repeat(20)}`, '0x', '0x', v, r, s]);
    const fields = fromRlp(`0x${baseRaw.slice(4)}`, 'hex') as Hex[];
    // The EIP-1559 transaction's fields with those at the indices given replaced.
    const typed = (...edits: (number | Hex)[]) => {
      const f = [...fields];
      for (let i = 0; i < edits.length; i += 2) f[edits[i] as number] = edits[i + 1] as Hex;
      return `0x02${toRlp(f).slice(2)}`;
    };
    const hex = (v: bigint) => `0x${v.toString(16).padStart(64, '0')}` as Hex;
    const cases: string[] = [
      serializeTransaction({ ...base, s: hex(n - BigInt(base.s!)), yParity: 1 - base.yParity! } as never),
      serializeTransaction({ ...base, s: hex(n) } as never),
      serializeTransaction({ ...base, r: hex(n) } as never),
      serializeTransaction({ ...base, r: hex(n - 1n) } as never),
      serializeTransaction({ ...base, r: '0x0' } as never),
      serializeTransaction({ ...base, s: '0x0' } as never),
      serializeTransaction({ ...base, r: hex(5n) } as never),
      legacy('0x1b', '0x', base.s!),
      legacy('0x1b', base.r!, '0x'),
      legacy('0x1b', '0x', '0x'),
      legacy('0x1d', base.r!, base.s!),
      legacy('0x23', base.r!, base.s!),
      legacy('0x24', base.r!, base.s!),
      legacy('0x1c', '0x05', base.s!),
      legacy('0x1b', base.r!, base.s!),
      legacy('0x01', base.r!, base.s!),
      legacy('0x4567', base.r!, base.s!),
      legacy('0xffffffffffffffff', base.r!, base.s!),
      typed(2, '0x03'), // a tip above the fee cap
      typed(2, '0x03', 3, '0x'),
      typed(1, '0x20000000000000'), // a nonce past the safe integers
      typed(0, '0x'), // chain id 0
      typed(0, '0xffffffffffffffff'),
      typed(9, '0x02'), // y parity 2
      '0x',
      '0x0',
      baseRaw.slice(0, -1), // an odd number of hex digits
      `${baseRaw}0`,
      '0X02c0',
      'nothex',
      `0x${'zz'.repeat(40)}`,
      `0x${'02'.repeat(MAX_RAW_TRANSACTION_BYTES + 1)}`,
      '0x02',
      '0x02c0',
      '0x04c0',
      '0xc0',
    ];
    for (const raw of cases) {
      const got = answer(raw, decodeTransaction, recoverSender);
      expect(got, raw.slice(0, 80)).toEqual(answer(raw, oracleDecode, oracleSender));
    }
  });
});
