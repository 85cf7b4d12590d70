import { hexToBytes } from '@nftkit/primitives';
import { type Hex, toRlp } from 'viem';
import { CallDecodeError } from '../codec.js';
import type { Json } from '../metadata/callCodec.js';
import type { Wire } from '../wire.js';
import { type Rlp, transactionRlp } from './transactionRlp.js';

/**
 * `ethereum.transact`'s argument: the runtime takes the signed transaction's raw bytes (what `eth_sendRawTransaction`
 * sends and the transaction hash is the keccak of); Opal's call carries it as Frontier's `TransactionV2`, the same
 * fields decoded (`Legacy`, `EIP2930`, `EIP1559`). The two are one transaction: the RLP is written back exactly
 * from the fields, and an RLP that is not the canonical encoding of its fields is refused, as geth refuses it.
 */
export const transactionWire: Wire<string> = {
  toScale: (raw) => toTransactionV2(raw),
  fromScale: (v) => fromTransactionV2(v as Record<string, Record<string, Json>>),
};

const fail = (why: string): never => {
  throw new CallDecodeError(`transaction: ${why}`);
};

/** An RLP integer (checked canonical) as a decimal string. */
const int = (item: Rlp | undefined): string => (item === '0x' ? '0' : BigInt(item as Hex).toString());
/** A 32-byte signature word (`r`, `s`): an RLP integer, padded. */
const word = (item: Rlp | undefined): string => `0x${(item as Hex).slice(2).padStart(64, '0')}`;
const data = (item: Rlp | undefined): string => item as Hex;
const action = (item: Rlp | undefined): Json => (item === '0x' ? 'Create' : { Call: item as Hex });
const accessList = (item: Rlp | undefined): Json =>
  (item as readonly (readonly [Hex, readonly Hex[]])[]).map(([address, storageKeys]) => ({
    address,
    storageKeys: [...storageKeys],
  }));

/** The fields EIP-2930 and EIP-1559 transactions end with, after their fee fields. */
function typedTail([gasLimit, to, value, input, list, y, r, s]: readonly Rlp[]) {
  return {
    gasLimit: int(gasLimit),
    action: action(to),
    value: int(value),
    input: data(input),
    accessList: accessList(list),
    oddYParity: y === '0x01',
    r: word(r),
    s: word(s),
  };
}

function toTransactionV2(raw: string): Json {
  if (!/^0x(?:[0-9a-fA-F]{2})+$/.test(raw)) return fail('expected 0x hex bytes');
  const { kind, fields } = transactionRlp(hexToBytes(raw));
  if (kind === 'legacy') {
    const [nonce, gasPrice, gasLimit, to, value, input, v, r, s] = fields;
    return {
      Legacy: {
        nonce: int(nonce),
        gasPrice: int(gasPrice),
        gasLimit: int(gasLimit),
        action: action(to),
        value: int(value),
        input: data(input),
        signature: { v: int(v), r: word(r), s: word(s) },
      },
    };
  }
  if (kind === 'eip2930') {
    const [chainId, nonce, gasPrice, ...tail] = fields;
    return {
      EIP2930: { chainId: int(chainId), nonce: int(nonce), gasPrice: int(gasPrice), ...typedTail(tail) },
    };
  }
  const [chainId, nonce, tip, maxFee, ...tail] = fields;
  return {
    EIP1559: {
      chainId: int(chainId),
      nonce: int(nonce),
      maxPriorityFeePerGas: int(tip),
      maxFeePerGas: int(maxFee),
      ...typedTail(tail),
    },
  };
}

/** An integer (a decimal string or number from the codec) as a canonical RLP integer. */
const rlpInt = (v: Json | undefined): Hex => {
  const n = BigInt(v as string);
  if (n === 0n) return '0x';
  const h = n.toString(16);
  return `0x${h.length % 2 ? '0' : ''}${h}`;
};
const rlpAction = (a: Json | undefined): Hex =>
  a === 'Create' ? '0x' : ((a as { Call: string }).Call.toLowerCase() as Hex);
const rlpAccessList = (list: Json | undefined): readonly Rlp[] =>
  (list as { address: string; storageKeys: string[] }[]).map((e) => [
    e.address as Hex,
    e.storageKeys as Hex[],
  ]);

function fromTransactionV2(tx: Record<string, Record<string, Json>>): string {
  const [kind, f] = Object.entries(tx)[0] as [string, Record<string, Json>];
  if (kind === 'Legacy') {
    const sig = f.signature as Record<string, Json>;
    return toRlp([
      rlpInt(f.nonce),
      rlpInt(f.gasPrice),
      rlpInt(f.gasLimit),
      rlpAction(f.action),
      rlpInt(f.value),
      f.input as Hex,
      rlpInt(sig.v),
      rlpInt(sig.r),
      rlpInt(sig.s),
    ]);
  }
  const common = [rlpInt(f.chainId), rlpInt(f.nonce)];
  const fees =
    kind === 'EIP2930' ? [rlpInt(f.gasPrice)] : [rlpInt(f.maxPriorityFeePerGas), rlpInt(f.maxFeePerGas)];
  const body = toRlp([
    ...common,
    ...fees,
    rlpInt(f.gasLimit),
    rlpAction(f.action),
    rlpInt(f.value),
    f.input as Hex,
    rlpAccessList(f.accessList),
    f.oddYParity ? '0x01' : '0x',
    rlpInt(f.r),
    rlpInt(f.s),
  ]);
  return `0x${kind === 'EIP2930' ? '01' : '02'}${body.slice(2)}`;
}
