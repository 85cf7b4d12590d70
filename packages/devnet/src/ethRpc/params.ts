import type { Hex } from 'viem';
import { invalidParams } from '../jsonRpc/errors.js';
import { checksum } from '../runtime/evm/memo.js';

/** A block as a parameter names it: a tag, a number, or (EIP-1898) a hash. */
export type BlockRef =
  | { tag: 'latest' | 'pending' | 'earliest' | 'safe' | 'finalized' }
  | { number: number }
  | { hash: string };

const TAGS = new Set(['latest', 'pending', 'earliest', 'safe', 'finalized']);
const QUANTITY = /^0x[0-9a-fA-F]{1,64}$/;
const DATA = /^0x([0-9a-fA-F]{2})*$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const HASH = /^0x[0-9a-fA-F]{64}$/;

/**
 * A method's positional parameters, read one at a time. Every refusal is a -32602 naming the argument
 * (`invalid argument 1 (block): …`), as geth words it; sizes are checked before anything grows with them.
 */
export class Params {
  readonly #list: readonly unknown[];
  constructor(params: unknown, max: number) {
    if (params === undefined || params === null) this.#list = [];
    else if (Array.isArray(params)) this.#list = params;
    else throw invalidParams('params must be an array of positional arguments');
    if (this.#list.length > max)
      throw invalidParams(`too many arguments, want at most ${max}, got ${this.#list.length}`);
  }

  has(i: number): boolean {
    return this.#list[i] !== undefined && this.#list[i] !== null;
  }

  raw(i: number): unknown {
    return this.#list[i];
  }

  fail(i: number, name: string, what: string): never {
    throw invalidParams(`invalid argument ${i} (${name}): ${what}`);
  }

  required(i: number, name: string): unknown {
    if (!this.has(i)) this.fail(i, name, 'missing value');
    return this.#list[i];
  }

  address(i: number, name: string): string {
    return parseAddress(this.required(i, name), (w) => this.fail(i, name, w));
  }

  hash(i: number, name: string): string {
    const v = this.required(i, name);
    if (typeof v !== 'string' || !HASH.test(v)) this.fail(i, name, 'expected a 32-byte 0x hex hash');
    return v.toLowerCase();
  }

  data(i: number, name: string, maxBytes: number): Hex {
    return parseData(this.required(i, name), maxBytes, (w) => this.fail(i, name, w));
  }

  quantity(i: number, name: string): bigint {
    return parseQuantity(this.required(i, name), (w) => this.fail(i, name, w));
  }

  /**
   * An integer as the test helpers take it (Hardhat's `rpcQuantityOrNumber`): a 0x hex quantity or a JSON integer of
   * any sign, so a negative one reaches the helper and is refused there by name, not as a malformed value.
   */
  integer(i: number, name: string): bigint {
    const v = this.required(i, name);
    if (typeof v === 'number') {
      if (!Number.isSafeInteger(v))
        this.fail(i, name, 'expected an integer (a 0x hex quantity or a safe JSON integer)');
      return BigInt(v);
    }
    return parseQuantity(v, (w) => this.fail(i, name, w));
  }

  bool(i: number, name: string, fallback: boolean): boolean {
    if (!this.has(i)) return fallback;
    const v = this.#list[i];
    if (typeof v !== 'boolean') this.fail(i, name, 'expected true or false');
    return v;
  }

  block(i: number, name: string, fallback: BlockRef | undefined = { tag: 'latest' }): BlockRef {
    if (!this.has(i)) {
      if (fallback === undefined) this.fail(i, name, 'missing value');
      return fallback;
    }
    return parseBlockRef(this.#list[i], (w) => this.fail(i, name, w));
  }

  object(i: number, name: string): Record<string, unknown> {
    const v = this.required(i, name);
    if (typeof v !== 'object' || v === null || Array.isArray(v)) this.fail(i, name, 'expected an object');
    return v as Record<string, unknown>;
  }
}

export function parseAddress(v: unknown, fail: (what: string) => never): string {
  if (typeof v !== 'string' || !ADDRESS.test(v)) fail('expected a 20-byte 0x hex address');
  // Memoized: a client sends the same few addresses again and again, and each checksum costs a keccak.
  return checksum(v);
}

export function parseData(v: unknown, maxBytes: number, fail: (what: string) => never): Hex {
  if (typeof v !== 'string') fail('expected 0x hex data');
  if ((v.length - 2) / 2 > maxBytes) fail(`longer than ${maxBytes} bytes`);
  if (!DATA.test(v)) fail('expected 0x hex data of an even length');
  return v.toLowerCase() as Hex;
}

/** Quantities are 0x hex of at most 256 bits; a JSON number is taken too when it is a safe integer. */
export function parseQuantity(v: unknown, fail: (what: string) => never): bigint {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return BigInt(v);
  if (typeof v !== 'string' || !QUANTITY.test(v)) fail('expected a 0x hex quantity of at most 256 bits');
  return BigInt(v);
}

export function parseBlockRef(v: unknown, fail: (what: string) => never): BlockRef {
  if (typeof v === 'string' && TAGS.has(v)) return { tag: v as 'latest' };
  if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
    const o = v as Record<string, unknown>;
    if (typeof o.blockHash === 'string' && HASH.test(o.blockHash)) return { hash: o.blockHash.toLowerCase() };
    if (o.blockNumber !== undefined) return parseBlockRef(o.blockNumber, fail);
    fail('expected {blockHash} or {blockNumber}');
  }
  if (typeof v === 'string' && HASH.test(v)) return { hash: v.toLowerCase() };
  const n = parseQuantity(v, () =>
    fail('expected a block number or one of latest, pending, earliest, safe, finalized'),
  );
  if (n > BigInt(Number.MAX_SAFE_INTEGER)) fail('block number too large');
  return { number: Number(n) };
}
