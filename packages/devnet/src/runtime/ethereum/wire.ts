import { fromRlp, type Hex, toRlp } from 'viem';
import { CallDecodeError } from '../codec.js';
import type { Json } from '../metadata/callCodec.js';
import type { Wire } from '../wire.js';

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

type Rlp = Hex | readonly Rlp[];
const fail = (why: string): never => {
  throw new CallDecodeError(`transaction: ${why}`);
};

/** An RLP integer as a decimal string: canonical (no leading zero byte), at most `bytes` long. */
function int(item: Rlp | undefined, bytes = 32): string {
  if (typeof item !== 'string') return fail('expected an RLP integer');
  if (item.startsWith('0x00')) return fail('rlp: non-canonical integer (leading zero bytes)');
  if (item.length - 2 > 2 * bytes) return fail(`an integer longer than ${bytes} bytes`);
  return item === '0x' ? '0' : BigInt(item).toString();
}
/** A 32-byte signature word (`r`, `s`): an RLP integer, padded. */
const word = (item: Rlp | undefined): string => `0x${BigInt(int(item)).toString(16).padStart(64, '0')}`;
function data(item: Rlp | undefined): string {
  if (typeof item !== 'string') return fail('expected RLP bytes');
  return item.toLowerCase();
}
function action(item: Rlp | undefined): Json {
  const to = data(item);
  if (to === '0x') return 'Create';
  if (to.length !== 42) return fail('`to` must be 20 bytes or empty');
  return { Call: to };
}
function accessList(item: Rlp | undefined): Json {
  if (!Array.isArray(item)) return fail('expected an access list');
  return item.map((entry) => {
    if (!Array.isArray(entry) || entry.length !== 2 || !Array.isArray(entry[1]))
      return fail('an access list entry is [address, [storage keys]]');
    const address = data(entry[0]);
    if (address.length !== 42) return fail('an access list address is 20 bytes');
    const storageKeys = (entry[1] as readonly Rlp[]).map((k) => {
      const key = data(k);
      if (key.length !== 66) return fail('an access list storage key is 32 bytes');
      return key;
    });
    return { address, storageKeys };
  });
}
function parity(item: Rlp | undefined): boolean {
  const p = int(item);
  if (p !== '0' && p !== '1') return fail('invalid transaction v, r, s values');
  return p === '1';
}
function fields(list: readonly Rlp[], count: number): readonly Rlp[] {
  if (list.length !== count) fail(`expected ${count} RLP fields, got ${list.length}`);
  return list;
}

/** The fields EIP-2930 and EIP-1559 transactions end with, after their fee fields. */
function typedTail([gasLimit, to, value, input, list, y, r, s]: readonly Rlp[]) {
  return {
    gasLimit: int(gasLimit),
    action: action(to),
    value: int(value),
    input: data(input),
    accessList: accessList(list),
    oddYParity: parity(y),
    r: word(r),
    s: word(s),
  };
}

function toTransactionV2(raw: string): Json {
  if (!/^0x(?:[0-9a-fA-F]{2})+$/.test(raw)) return fail('expected 0x hex bytes');
  const first = Number.parseInt(raw.slice(2, 4), 16);
  let decoded: Rlp;
  try {
    decoded = fromRlp((first >= 0xc0 ? raw : `0x${raw.slice(4)}`) as Hex, 'hex');
  } catch (e) {
    return fail(`rlp: ${(e as Error).message.split('\n')[0]}`);
  }
  if (!Array.isArray(decoded)) return fail('expected an RLP list');
  if (first >= 0xc0) {
    const [nonce, gasPrice, gasLimit, to, value, input, v, r, s] = fields(decoded, 9);
    return {
      Legacy: {
        nonce: int(nonce),
        gasPrice: int(gasPrice),
        gasLimit: int(gasLimit),
        action: action(to),
        value: int(value),
        input: data(input),
        signature: { v: int(v, 8), r: word(r), s: word(s) },
      },
    };
  }
  if (first === 1) {
    const [chainId, nonce, gasPrice, ...tail] = fields(decoded, 11);
    return {
      EIP2930: { chainId: int(chainId, 8), nonce: int(nonce), gasPrice: int(gasPrice), ...typedTail(tail) },
    };
  }
  if (first === 2) {
    const [chainId, nonce, tip, maxFee, ...tail] = fields(decoded, 12);
    return {
      EIP1559: {
        chainId: int(chainId, 8),
        nonce: int(nonce),
        maxPriorityFeePerGas: int(tip),
        maxFeePerGas: int(maxFee),
        ...typedTail(tail),
      },
    };
  }
  return fail('transaction type not supported');
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
