import type { TypeRegistry } from '@polkadot/types';
import { CallDecodeError, MAX_CALL_DEPTH, MAX_INNER_CALLS } from '../codec.js';

type SiType = ReturnType<TypeRegistry['lookup']['getSiType']>;
type Cursor = { bytes: Uint8Array; at: number; depth: number; inner: number };

const PRIMITIVE_BYTES: Record<string, number> = {
  Bool: 1,
  Char: 4,
  U8: 1,
  I8: 1,
  U16: 2,
  I16: 2,
  U32: 4,
  I32: 4,
  U64: 8,
  I64: 8,
  U128: 16,
  I128: 16,
  U256: 32,
  I256: 32,
};

function fail(why: string): never {
  throw new CallDecodeError(why);
}

/**
 * Walks a call's bytes by the metadata's types without building anything, before `@polkadot/types` decodes them:
 * it finds where the call ends (truncated or trailing bytes), unknown pallet and call indices, calls nested too
 * deep, and how many calls it holds. Decoding through `@polkadot/types` costs far more per call than this walk, so
 * a call holding more calls than the runtime takes is refused before that cost is paid.
 */
export class CallScanner {
  readonly #registry: TypeRegistry;
  readonly #callType: number;
  readonly #fixed = new Map<number, number | null>();

  constructor(registry: TypeRegistry, callType: number) {
    this.#registry = registry;
    this.#callType = callType;
  }

  /** The number of calls `bytes` holds besides itself; throws `CallDecodeError` if it is no single call. */
  scan(bytes: Uint8Array): number {
    const c: Cursor = { bytes, at: 0, depth: 0, inner: 0 };
    this.#walk(this.#callType, c);
    if (c.at < bytes.length) fail(`${bytes.length - c.at} bytes after the call`);
    return c.inner;
  }

  #si(type: number): SiType {
    return this.#registry.lookup.getSiType(type);
  }

  #take(c: Cursor, n: number): void {
    if (c.at + n > c.bytes.length) fail('the call is truncated');
    c.at += n;
  }

  #compact(c: Cursor): number {
    const first = c.bytes[c.at];
    if (first === undefined) return fail('the call is truncated');
    const mode = first & 3;
    if (mode === 0) {
      c.at += 1;
      return first >> 2;
    }
    if (mode === 1 || mode === 2) {
      const n = mode === 1 ? 2 : 4;
      if (c.at + n > c.bytes.length) fail('the call is truncated');
      let v = 0;
      for (let i = n - 1; i >= 0; i--) v = v * 256 + (c.bytes[c.at + i] as number);
      c.at += n;
      return Math.floor(v / 4);
    }
    // Big-integer mode: 4 + (first >> 2) bytes follow. As a length it is past anything a call can hold.
    const n = 4 + (first >> 2);
    this.#take(c, 1 + n);
    return Number.MAX_SAFE_INTEGER;
  }

  /** The encoded size of a type whose every value has the same size, or null. */
  #fixedSize(type: number): number | null {
    const known = this.#fixed.get(type);
    if (known !== undefined) return known;
    this.#fixed.set(type, null); // a recursive type is not of fixed size
    const def = this.#si(type).def;
    let size: number | null = null;
    if (def.isPrimitive) size = PRIMITIVE_BYTES[def.asPrimitive.type] ?? null;
    else if (def.isArray) {
      const inner = this.#fixedSize(def.asArray.type.toNumber());
      size = inner === null ? null : inner * def.asArray.len.toNumber();
    } else if (def.isTuple || def.isComposite) {
      const parts = def.isTuple
        ? def.asTuple.map((t) => t.toNumber())
        : def.asComposite.fields.map((f) => f.type.toNumber());
      size = 0;
      for (const p of parts) {
        const s = this.#fixedSize(p);
        if (s === null) {
          size = null;
          break;
        }
        size += s;
      }
    }
    this.#fixed.set(type, size);
    return size;
  }

  #walk(type: number, c: Cursor): void {
    if (type === this.#callType) {
      this.#walkCall(c);
      return;
    }
    const fixed = this.#fixedSize(type);
    if (fixed !== null) {
      this.#take(c, fixed);
      return;
    }
    const def = this.#si(type).def;
    if (def.isPrimitive) {
      // `str`, the only primitive of no fixed size: a compact length, then the bytes.
      this.#take(c, this.#compact(c));
      return;
    }
    if (def.isCompact) {
      this.#compact(c);
      return;
    }
    if (def.isSequence) {
      const n = this.#compact(c);
      const inner = def.asSequence.type.toNumber();
      const size = this.#fixedSize(inner);
      if (size !== null) {
        this.#take(c, n * size);
        return;
      }
      // Every value of a type of no fixed size takes a byte at least, so the loop ends with the bytes.
      for (let i = 0; i < n; i++) this.#walk(inner, c);
      return;
    }
    if (def.isArray) {
      for (let i = 0; i < def.asArray.len.toNumber(); i++) this.#walk(def.asArray.type.toNumber(), c);
      return;
    }
    if (def.isTuple) {
      for (const t of def.asTuple) this.#walk(t.toNumber(), c);
      return;
    }
    if (def.isComposite) {
      for (const f of def.asComposite.fields) this.#walk(f.type.toNumber(), c);
      return;
    }
    if (def.isVariant) {
      const index = c.bytes[c.at];
      if (index === undefined) fail('the call is truncated');
      const variant = def.asVariant.variants.find((v) => v.index.toNumber() === index);
      if (!variant) fail(`${this.#si(type).path.map(String).join('::')} has no variant ${index}`);
      c.at += 1;
      for (const f of variant.fields) this.#walk(f.type.toNumber(), c);
      return;
    }
    if (def.isBitSequence) {
      this.#take(c, Math.ceil(this.#compact(c) / 8));
      return;
    }
    fail(`type ${type} cannot be read`);
  }

  /** A call: `pallet index ‖ call index ‖ arguments`, counted and its depth checked. */
  #walkCall(c: Cursor): void {
    c.depth++;
    if (c.depth > 1 && ++c.inner > MAX_INNER_CALLS)
      fail(`A call holds at most ${MAX_INNER_CALLS} calls in all (the calls of nested batches count too)`);
    if (c.depth > MAX_CALL_DEPTH)
      fail(`Calls nest at most ${MAX_CALL_DEPTH} deep (a batch in a batch counts two)`);
    const palletIndex = c.bytes[c.at];
    const callIndex = c.bytes[c.at + 1];
    if (palletIndex === undefined || callIndex === undefined) fail('the call is truncated');
    const pallets = this.#si(this.#callType).def.asVariant.variants;
    const pallet = pallets.find((v) => v.index.toNumber() === palletIndex);
    if (!pallet) fail(`Unknown pallet index ${palletIndex}`);
    const callEnum = pallet.fields[0]?.type.toNumber() as number;
    const call = this.#si(callEnum).def.asVariant.variants.find((v) => v.index.toNumber() === callIndex);
    if (!call) fail(`Unknown call index ${callIndex} in pallet ${palletIndex}`);
    c.at += 2;
    for (const f of call.fields) this.#walk(f.type.toNumber(), c);
    c.depth--;
  }
}
