import {
  bytesToHex,
  decodeSubstrateAddress,
  encodeSubstrateAddress,
  hexToBytes,
  isSubstrateAddress,
} from '@nftkit/primitives';
import type { Metadata, TypeRegistry } from '@polkadot/types';
import { stringCamelCase } from '@polkadot/util';
import { CallDecodeError, MAX_CALL_BYTES, MAX_CALL_DEPTH, MAX_INNER_CALLS } from '../codec.js';
import { decodeMetadata } from './build.js';

/**
 * Calls as SCALE bytes of the devnet's metadata (Opal's encoding) and back, with the arguments as plain JSON the
 * runtime's decoders read: struct fields camel-cased, integers above 32 bits and `U256` as decimal strings, bytes
 * and `H160`/`H256` as 0x-hex, `AccountId32` (and `MultiAddress::Id`) as SS58 (prefix 42), a unit enum variant as
 * its name and any other as `{ Variant: value }`, `Option` as null or the value, maps as `[key, value]` pairs, and a
 * nested call (`utility.batchAll`) as the 0x-hex of its bytes.
 *
 * Each type of the metadata that a call reaches is compiled once into a reader and a writer of its SCALE bytes,
 * so a call costs a walk of its bytes. Reading is exact, as the runtime's `parity-scale-codec` is: a compact
 * integer in more bytes than it needs, a bool or `Option` tag other than 0 or 1, text that is not UTF-8, map keys
 * out of order or twice, truncated or trailing bytes are all refused, so only bytes that are the encoding of what was
 * read are a call. The property tests hold the bytes to `@polkadot/types` with the same metadata, call by call.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type ScaleCall = {
  /** As `@polkadot/api` names them: `balances`, `transferKeepAlive`. */
  section: string;
  method: string;
  palletIndex: number;
  callIndex: number;
  args: Record<string, Json>;
  /** How many calls it holds in all (those of batches in it too). */
  inner: number;
};

function fail(why: string): never {
  throw new CallDecodeError(why);
}

const MALFORMED = 'the bytes are not a well-formed call';

/** A position in a call's bytes, with the calls met so far (their depth and number are bounded: codec.ts). */
class Reader {
  at = 0;
  depth = 0;
  inner = 0;
  constructor(readonly bytes: Uint8Array) {}

  /** Steps over `n` bytes; the offset they start at. */
  take(n: number): number {
    const at = this.at;
    if (n > this.bytes.length - at) fail('the call is truncated');
    this.at = at + n;
    return at;
  }

  byte(): number {
    const b = this.bytes[this.at];
    if (b === undefined) return fail('the call is truncated');
    this.at += 1;
    return b;
  }

  slice(n: number): Uint8Array {
    const at = this.take(n);
    return this.bytes.subarray(at, at + n);
  }

  /** A compact integer in its shortest form (any other is not what the runtime's codec writes, nor reads). */
  compact(): number | bigint {
    const first = this.byte();
    const mode = first & 3;
    if (mode === 0) return first >> 2;
    if (mode === 1) {
      const v = (first | (this.byte() << 8)) >>> 2;
      return v < 1 << 6 ? fail(MALFORMED) : v;
    }
    if (mode === 2) {
      const at = this.take(3);
      const b = this.bytes;
      const v =
        ((first |
          ((b[at] as number) << 8) |
          ((b[at + 1] as number) << 16) |
          ((b[at + 2] as number) << 24)) >>>
          0) /
        4;
      return v < 1 << 14 ? fail(MALFORMED) : Math.floor(v);
    }
    const n = (first >> 2) + 4;
    const bytes = this.slice(n);
    if (bytes[n - 1] === 0) fail(MALFORMED);
    const v = leUint(bytes);
    return v < 1n << 30n ? fail(MALFORMED) : v;
  }

  /** A compact length: a count of what follows, each taking at least `min` bytes. */
  length(min: number): number {
    const n = this.compact();
    if (typeof n === 'bigint' || n * min > this.bytes.length - this.at) return fail('the call is truncated');
    return n;
  }
}

/** A growing buffer of bytes. */
class Writer {
  #buf = new Uint8Array(256);
  #len = 0;

  #room(n: number): void {
    if (this.#len + n <= this.#buf.length) return;
    const grown = new Uint8Array(Math.max(this.#buf.length * 2, this.#len + n));
    grown.set(this.#buf.subarray(0, this.#len));
    this.#buf = grown;
  }

  byte(b: number): void {
    this.#room(1);
    this.#buf[this.#len++] = b;
  }

  bytes(b: Uint8Array): void {
    this.#room(b.length);
    this.#buf.set(b, this.#len);
    this.#len += b.length;
  }

  /** `value` little-endian in `n` bytes (two's complement when negative). */
  int(value: bigint | number, n: number): void {
    this.#room(n);
    if (typeof value === 'number' && n <= 4) {
      let v = value < 0 ? value + 2 ** (n * 8) : value;
      for (let i = 0; i < n; i++) {
        this.#buf[this.#len++] = v & 0xff;
        v = Math.floor(v / 256);
      }
      return;
    }
    let v = BigInt.asUintN(n * 8, BigInt(value));
    for (let i = 0; i < n; i++) {
      this.#buf[this.#len++] = Number(v & 0xffn);
      v >>= 8n;
    }
  }

  compact(value: bigint | number): void {
    if (typeof value === 'number' && value < 1 << 30) {
      if (value < 1 << 6) this.byte(value << 2);
      else if (value < 1 << 14) this.int((value << 2) | 1, 2);
      else this.int(value * 4 + 2, 4);
      return;
    }
    const v = BigInt(value);
    if (v < 1n << 6n) this.byte(Number(v) << 2);
    else if (v < 1n << 14n) this.int((v << 2n) | 1n, 2);
    else if (v < 1n << 30n) this.int((v << 2n) | 2n, 4);
    else {
      let n = 0;
      for (let x = v; x > 0n; x >>= 8n) n++;
      this.byte(((n - 4) << 2) | 3);
      this.int(v, n);
    }
  }

  done(): Uint8Array {
    return this.#buf.slice(0, this.#len);
  }
}

function leUint(bytes: Uint8Array): bigint {
  let v = 0n;
  for (let i = bytes.length - 1; i >= 0; i--) v = (v << 8n) | BigInt(bytes[i] as number);
  return v;
}

/** The reader and writer of one type of the metadata. */
interface TypeCodec {
  /** Reads a value of the type from `r`, as JSON. */
  read(r: Reader): Json;
  /** Writes `value`; throws `CallDecodeError` naming `at` when it does not fit the type. */
  write(value: Json, w: Writer, at: string): void;
}

type SiType = ReturnType<TypeRegistry['lookup']['getSiType']>;
type Field = { name: string | null; key: string; type: number };
/** What `encode` needs of a call: its indices and its arguments' names and types. */
type CallEntry = { palletIndex: number; callIndex: number; fields: Field[] };
/** A call of the runtime's `Call` enum, by its indices. */
type CallVariant = { section: string; method: string; fields: Field[] };

const INTEGER = /^([UI])(\d+)$/;

/** Builds and reads the devnet's calls from the types of one metadata. */
export class CallCodec {
  readonly registry: TypeRegistry;
  readonly metadata: Metadata;
  readonly #callType: number;
  readonly #codecs = new Map<number, TypeCodec>();
  /** `section.method` → the call. */
  readonly #byName = new Map<string, CallEntry>();
  /** `palletIndex`, `palletIndex * 256 + callIndex` → the call. */
  readonly #pallets = new Set<number>();
  readonly #byIndex = new Map<number, CallVariant>();

  constructor(metadataBytes: Uint8Array) {
    const { registry, metadata } = decodeMetadata(metadataBytes);
    this.registry = registry;
    this.metadata = metadata;
    const ext = registry.lookup.getSiType(metadata.asV14.extrinsic.type);
    const call = ext.params.find((p) => p.name.toString() === 'Call');
    if (!call || call.type.isNone) throw new Error('The metadata names no Call type');
    this.#callType = call.type.unwrap().toNumber();
    for (const pallet of metadata.asV14.pallets) {
      if (pallet.calls.isNone) continue;
      const palletIndex = pallet.index.toNumber();
      const section = stringCamelCase(pallet.name.toString());
      this.#pallets.add(palletIndex);
      for (const v of this.#si(pallet.calls.unwrap().type.toNumber()).def.asVariant.variants) {
        const method = stringCamelCase(v.name.toString());
        const callIndex = v.index.toNumber();
        const fields = this.#fields(v.fields);
        this.#byName.set(`${section}.${method}`, { palletIndex, callIndex, fields });
        this.#byIndex.set(palletIndex * 256 + callIndex, { section, method, fields });
        // Every type a call reaches is compiled now: a type the codec cannot read fails at startup, not at a call.
        for (const f of fields) this.#codec(f.type);
      }
    }
  }

  /** Decodes a call; throws `CallDecodeError` for anything but exactly one known, well-formed call. */
  decode(bytes: Uint8Array): ScaleCall {
    if (bytes.length < 2) throw new CallDecodeError('Call bytes are too short');
    if (bytes.length > MAX_CALL_BYTES)
      throw new CallDecodeError(
        `The call is ${bytes.length} bytes; a block takes calls of at most ${MAX_CALL_BYTES} bytes (5 MiB × 75%)`,
      );
    const [palletIndex, callIndex] = bytes as unknown as [number, number];
    const call = this.#byIndex.get(palletIndex * 256 + callIndex);
    if (!call) {
      if (!this.#pallets.has(palletIndex)) throw new CallDecodeError(`Unknown pallet index ${palletIndex}`);
      throw new CallDecodeError(`Unknown call index ${callIndex} in pallet ${palletIndex}`);
    }
    const r = new Reader(bytes);
    const args: Record<string, Json> = {};
    try {
      r.depth = 1;
      r.at = 2;
      for (const f of call.fields) args[f.key] = this.#codec(f.type).read(r);
      if (r.at < bytes.length) fail(`${bytes.length - r.at} bytes after the call`);
    } catch (e) {
      if (e instanceof CallDecodeError)
        throw new CallDecodeError(`Cannot decode ${call.section}.${call.method}: ${e.message}`);
      throw e;
    }
    return { section: call.section, method: call.method, palletIndex, callIndex, args, inner: r.inner };
  }

  /** Encodes `section.method(args)`; throws `CallDecodeError` naming the argument that does not fit its type. */
  encode(section: string, method: string, args: Record<string, Json>): Uint8Array {
    const call = this.#byName.get(`${section}.${method}`);
    if (!call) throw new CallDecodeError(`Unknown call ${section}.${method}`);
    for (const k in args)
      if (!call.fields.some((f) => f.key === k))
        throw new CallDecodeError(`${section}.${method} has no argument ${k}`);
    const w = new Writer();
    w.byte(call.palletIndex);
    w.byte(call.callIndex);
    for (const f of call.fields) {
      if (!(f.key in args)) throw new CallDecodeError(`${section}.${method}: ${f.key} is missing`);
      this.#codec(f.type).write(args[f.key] as Json, w, f.key);
    }
    return w.done();
  }

  #si(type: number): SiType {
    return this.registry.lookup.getSiType(type);
  }

  #fields(list: SiType['def']['asComposite']['fields']): Field[] {
    return list.map((f, i) => {
      const name = f.name.isSome ? f.name.unwrap().toString() : null;
      return { name, key: stringCamelCase(name ?? String(i)), type: f.type.toNumber() };
    });
  }

  /** The compiled codec of a type; a type that refers to itself gets the codec it is being compiled into. */
  #codec(type: number): TypeCodec {
    const known = this.#codecs.get(type);
    if (known) return known;
    const late: TypeCodec = {
      read: (r) => (this.#codecs.get(type) as TypeCodec).read(r),
      write: (v, w, at) => (this.#codecs.get(type) as TypeCodec).write(v, w, at),
    };
    this.#codecs.set(type, late);
    const made = this.#compile(type);
    this.#codecs.set(type, made);
    return made;
  }

  #compile(type: number): TypeCodec {
    if (type === this.#callType) return this.#nestedCall();
    const si = this.#si(type);
    const path = si.path.map((p) => p.toString()).join('::');
    const def = si.def;
    if (path === 'sp_core::crypto::AccountId32')
      return {
        read: (r) => encodeSubstrateAddress(r.slice(32), 42),
        write: (v, w, at) => {
          if (typeof v !== 'string' || !isSubstrateAddress(v)) return expected(at, 'an SS58 address');
          const key = decodeSubstrateAddress(v);
          if (key.length !== 32) return expected(at, 'an SS58 address');
          w.bytes(key);
        },
      };
    if (path === 'primitive_types::H160' || path === 'primitive_types::H256') {
      const len = path.endsWith('H160') ? 20 : 32;
      const shape = new RegExp(`^0x[0-9a-fA-F]{${len * 2}}$`);
      return {
        read: (r) => bytesToHex(r.slice(len)),
        write: (v, w, at) => {
          if (typeof v !== 'string' || !shape.test(v)) return expected(at, `${len} bytes as 0x-hex`);
          w.bytes(hexToBytes(v));
        },
      };
    }
    if (path === 'primitive_types::U256') return integerCodec(256, false);
    if (def.isPrimitive) return primitiveCodec(def.asPrimitive.type);
    if (def.isCompact) return this.#compactCodec(def.asCompact.type.toNumber());
    if (def.isSequence || def.isArray) {
      const inner = (def.isSequence ? def.asSequence.type : def.asArray.type).toNumber();
      const len = def.isArray ? def.asArray.len.toNumber() : undefined;
      const innerSi = this.#si(inner);
      if (innerSi.def.isPrimitive && innerSi.def.asPrimitive.type === 'U8') return bytesCodec(len);
      return this.#listCodec(inner, len);
    }
    if (def.isTuple) {
      const ids = def.asTuple.map((t) => t.toNumber());
      if (ids.length === 0)
        return {
          read: () => null,
          write: (v, _w, at) => {
            if (v !== null) expected(at, 'null');
          },
        };
      return this.#tupleCodec(ids);
    }
    if (def.isComposite) {
      const fields = this.#fields(def.asComposite.fields);
      const param = (i: number) => si.params[i]?.type.unwrap().toNumber() as number;
      if (path === 'BTreeMap') return this.#mapCodec(param(0), param(1));
      if (path === 'BTreeSet') return this.#mapCodec(param(0), null);
      // polkadot-js flattens a struct of one unnamed field (and `BoundedVec`) to the field itself.
      if (fields.length === 1 && fields[0]?.name === null) return this.#codec(fields[0].type);
      if (fields.some((f) => f.name === null))
        throw new Error(`The codec cannot read type ${type} (${path})`);
      return this.#structCodec(fields);
    }
    if (def.isVariant) {
      if (path === 'Option') return this.#optionCodec(si.params[0]?.type.unwrap().toNumber() as number);
      return this.#variantCodec(
        path,
        def.asVariant.variants.map((v) => ({
          name: v.name.toString(),
          index: v.index.toNumber(),
          fields: this.#fields(v.fields),
        })),
      );
    }
    throw new Error(`The codec cannot read type ${type} (${path || def.type})`);
  }

  /**
   * A call inside a call: its bytes as 0x-hex. Read whole (its arguments are checked like the outer call's), with
   * the calls counted and their depth bounded; the runtime decodes it again (through this codec) as the call it is.
   */
  #nestedCall(): TypeCodec {
    return {
      read: (r) => {
        r.depth++;
        if (r.depth > 1 && ++r.inner > MAX_INNER_CALLS)
          fail(
            `A call holds at most ${MAX_INNER_CALLS} calls in all (the calls of nested batches count too)`,
          );
        if (r.depth > MAX_CALL_DEPTH)
          fail(`Calls nest at most ${MAX_CALL_DEPTH} deep (a batch in a batch counts two)`);
        const start = r.at;
        const palletIndex = r.byte();
        const callIndex = r.byte();
        const call = this.#byIndex.get(palletIndex * 256 + callIndex);
        if (!call) {
          if (!this.#pallets.has(palletIndex)) fail(`Unknown pallet index ${palletIndex}`);
          fail(`Unknown call index ${callIndex} in pallet ${palletIndex}`);
        }
        for (const f of call.fields) this.#codec(f.type).read(r);
        r.depth--;
        return bytesToHex(r.bytes.subarray(start, r.at));
      },
      write: (v, w, at) => {
        const bytes = hexBytes(v);
        if (!bytes?.length) return expected(at, 'a call as 0x-hex');
        try {
          this.decode(bytes);
        } catch (e) {
          if (e instanceof CallDecodeError) return expected(at, 'a call of this chain');
          throw e;
        }
        w.bytes(bytes);
      },
    };
  }

  #compactCodec(inner: number): TypeCodec {
    const def = this.#si(inner).def;
    // `Compact<()>` (`MultiAddress::Index` where accounts have no index) takes no bytes.
    if (def.isTuple && def.asTuple.length === 0)
      return {
        read: () => null,
        write: (v, _w, at) => {
          if (v !== null) expected(at, 'null');
        },
      };
    const m = def.isPrimitive ? INTEGER.exec(def.asPrimitive.type) : null;
    if (m?.[1] !== 'U') throw new Error(`The codec cannot read type Compact<${inner}>`);
    const bits = Number(m[2]);
    const max = (1n << BigInt(bits)) - 1n;
    return {
      read: (r) => {
        const v = r.compact();
        if (typeof v === 'bigint') return v > max ? fail(MALFORMED) : bits <= 32 ? Number(v) : v.toString();
        if (v > max) fail(MALFORMED);
        return bits <= 32 ? v : String(v);
      },
      write: (v, w, at) => w.compact(checkedInteger(v, bits, false, at)),
    };
  }

  #listCodec(inner: number, len: number | undefined): TypeCodec {
    const item = this.#codec(inner);
    return {
      read: (r) => {
        const n = len ?? r.length(1);
        const out: Json[] = new Array(n);
        for (let i = 0; i < n; i++) out[i] = item.read(r);
        return out;
      },
      write: (v, w, at) => {
        if (!Array.isArray(v)) return expected(at, 'an array');
        if (len !== undefined && v.length !== len) return expected(at, `${len} items`);
        if (len === undefined) w.compact(v.length);
        for (let i = 0; i < v.length; i++) item.write(v[i] as Json, w, `${at}[${i}]`);
      },
    };
  }

  #tupleCodec(ids: number[]): TypeCodec {
    const parts = ids.map((t) => this.#codec(t));
    return {
      read: (r) => parts.map((p) => p.read(r)),
      write: (v, w, at) => {
        if (!Array.isArray(v) || v.length !== parts.length) return expected(at, `${parts.length} items`);
        for (let i = 0; i < parts.length; i++) (parts[i] as TypeCodec).write(v[i] as Json, w, `${at}[${i}]`);
      },
    };
  }

  #structCodec(fields: Field[]): TypeCodec {
    const parts = fields.map((f) => ({ key: f.key, codec: this.#codec(f.type) }));
    return {
      read: (r) => {
        const out: Record<string, Json> = {};
        for (const p of parts) out[p.key] = p.codec.read(r);
        return out;
      },
      write: (v, w, at) => {
        if (v === null || typeof v !== 'object' || Array.isArray(v)) return expected(at, 'an object');
        for (const p of parts) {
          if (!(p.key in v)) fail(`${at}.${p.key} is missing`);
          p.codec.write(v[p.key] as Json, w, `${at}.${p.key}`);
        }
        for (const k in v) if (!parts.some((p) => p.key === k)) fail(`${at} has no field ${k}`);
      },
    };
  }

  #optionCodec(inner: number): TypeCodec {
    const some = this.#codec(inner);
    return {
      read: (r) => {
        const tag = r.byte();
        if (tag === 0) return null;
        return tag === 1 ? some.read(r) : fail(`Option has no variant ${tag}`);
      },
      write: (v, w, at) => {
        if (v === null) w.byte(0);
        else {
          w.byte(1);
          some.write(v, w, at);
        }
      },
    };
  }

  /**
   * A `BTreeMap` (or, with no value type, a `BTreeSet`) as `[key, value]` pairs (the items) in the order the chain
   * keeps them: integers by value, other keys (enums of fixed-size bytes) by their bytes, each key once.
   */
  #mapCodec(keyType: number, valueType: number | null): TypeCodec {
    const key = this.#codec(keyType);
    const value = valueType === null ? null : this.#codec(valueType);
    const keyDef = this.#si(keyType).def;
    const numeric = keyDef.isPrimitive && INTEGER.test(keyDef.asPrimitive.type);
    const compare = (a: { json: Json; bytes: Uint8Array }, b: { json: Json; bytes: Uint8Array }): number => {
      if (numeric) {
        const x = BigInt(a.json as number | string);
        const y = BigInt(b.json as number | string);
        return x < y ? -1 : x > y ? 1 : 0;
      }
      const n = Math.min(a.bytes.length, b.bytes.length);
      for (let i = 0; i < n; i++)
        if (a.bytes[i] !== b.bytes[i]) return (a.bytes[i] as number) - (b.bytes[i] as number);
      return a.bytes.length - b.bytes.length;
    };
    return {
      read: (r) => {
        const n = r.length(1);
        const out: Json[] = [];
        let last: { json: Json; bytes: Uint8Array } | null = null;
        for (let i = 0; i < n; i++) {
          const start = r.at;
          const k = { json: key.read(r), bytes: r.bytes.subarray(start, r.at) };
          if (last && compare(last, k) >= 0) fail(MALFORMED);
          last = k;
          out.push(value ? [k.json, value.read(r)] : k.json);
        }
        return out;
      },
      write: (v, w, at) => {
        if (!Array.isArray(v)) return expected(at, value ? '[key, value] pairs' : 'an array');
        const items = v.map((item, i) => {
          let k: Json;
          let val: Json = null;
          if (value) {
            if (!Array.isArray(item) || item.length !== 2) return expected(at, '[key, value] pairs');
            [k, val] = item as [Json, Json];
          } else k = item;
          const kw = new Writer();
          key.write(k, kw, value ? `${at}[${i}][0]` : `${at}[${i}]`);
          return { json: k, bytes: kw.done(), val, i };
        });
        items.sort(compare);
        for (let i = 1; i < items.length; i++)
          if (compare(items[i - 1] as (typeof items)[0], items[i] as (typeof items)[0]) === 0)
            fail(`${at}: a key is there twice`);
        w.compact(items.length);
        for (const item of items) {
          w.bytes(item.bytes);
          value?.write(item.val, w, `${at}[${item.i}][1]`);
        }
      },
    };
  }

  #variantCodec(path: string, variants: { name: string; index: number; fields: Field[] }[]): TypeCodec {
    const multiAddress = path === 'sp_runtime::multiaddress::MultiAddress';
    type Compiled = {
      name: string;
      index: number;
      shape: 'unit' | 'one' | 'tuple' | 'struct';
      parts: { key: string; codec: TypeCodec }[];
    };
    const compiled: Compiled[] = variants.map((v) => ({
      name: v.name,
      index: v.index,
      shape:
        v.fields.length === 0
          ? 'unit'
          : v.fields.length === 1 && v.fields[0]?.name === null
            ? 'one'
            : v.fields.every((f) => f.name === null)
              ? 'tuple'
              : 'struct',
      parts: v.fields.map((f) => ({ key: f.key, codec: this.#codec(f.type) })),
    }));
    const byIndex = new Map(compiled.map((v) => [v.index, v]));
    const byName = new Map(compiled.map((v) => [v.name, v]));
    const names = compiled.map((v) => v.name).join(', ');
    return {
      read: (r) => {
        const index = r.byte();
        const v = byIndex.get(index);
        if (!v) return fail(`${path} has no variant ${index}`);
        if (v.shape === 'unit') return v.name;
        const [first] = v.parts as [{ key: string; codec: TypeCodec }];
        if (v.shape === 'one') {
          const inner = first.codec.read(r);
          return multiAddress && v.name === 'Id' ? inner : { [v.name]: inner };
        }
        if (v.shape === 'tuple') return { [v.name]: v.parts.map((p) => p.codec.read(r)) };
        const out: Record<string, Json> = {};
        for (const p of v.parts) out[p.key] = p.codec.read(r);
        return { [v.name]: out };
      },
      write: (value, w, at) => {
        let name: string;
        let inner: Json | undefined;
        if (multiAddress && typeof value === 'string') {
          name = 'Id';
          inner = value;
        } else if (typeof value === 'string') name = value;
        else if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
          const keys = Object.keys(value);
          if (keys.length !== 1) return expected(at, 'a variant name or { Variant: value }');
          name = keys[0] as string;
          inner = value[name];
        } else return expected(at, 'a variant name or { Variant: value }');
        const v = byName.get(name);
        if (!v) return expected(at, `one of ${names}`);
        if (v.shape === 'unit') {
          if (inner !== undefined && inner !== null) return expected(at, `${name} without a value`);
          w.byte(v.index);
          return;
        }
        if (inner === undefined) return expected(at, `{ ${name}: value }`);
        w.byte(v.index);
        const [first] = v.parts as [{ key: string; codec: TypeCodec }];
        if (v.shape === 'one') first.codec.write(inner, w, `${at}.${name}`);
        else if (v.shape === 'tuple') {
          if (!Array.isArray(inner) || inner.length !== v.parts.length)
            return expected(at, `${v.parts.length} items`);
          for (let i = 0; i < v.parts.length; i++)
            v.parts[i]?.codec.write(inner[i] as Json, w, `${at}.${name}[${i}]`);
        } else {
          const path = `${at}.${name}`;
          if (inner === null || typeof inner !== 'object' || Array.isArray(inner))
            return expected(path, 'an object');
          for (const p of v.parts) {
            if (!(p.key in inner)) fail(`${path}.${p.key} is missing`);
            p.codec.write(inner[p.key] as Json, w, `${path}.${p.key}`);
          }
          for (const k in inner) if (!v.parts.some((p) => p.key === k)) fail(`${path} has no field ${k}`);
        }
      },
    };
  }
}

function expected(at: string, what: string): never {
  throw new CallDecodeError(`${at}: expected ${what}`);
}

function primitiveCodec(p: string): TypeCodec {
  if (p === 'Bool')
    return {
      read: (r) => {
        const b = r.byte();
        return b > 1 ? fail(MALFORMED) : b === 1;
      },
      write: (v, w, at) => {
        if (typeof v !== 'boolean') return expected(at, 'true or false');
        w.byte(v ? 1 : 0);
      },
    };
  if (p === 'Str') {
    const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    return {
      read: (r) => {
        try {
          return utf8.decode(r.slice(r.length(1)));
        } catch (e) {
          if (e instanceof CallDecodeError) throw e;
          return fail(MALFORMED);
        }
      },
      write: (v, w, at) => {
        if (typeof v !== 'string') return expected(at, 'a string');
        const bytes = new TextEncoder().encode(v);
        w.compact(bytes.length);
        w.bytes(bytes);
      },
    };
  }
  const m = INTEGER.exec(p);
  if (!m) throw new Error(`The codec cannot read the primitive ${p}`);
  return integerCodec(Number(m[2]), m[1] === 'I');
}

/** A fixed-width integer: a number up to 32 bits, a decimal string above. */
function integerCodec(bits: number, signed: boolean): TypeCodec {
  const n = bits / 8;
  return {
    read: (r) => {
      const at = r.take(n);
      const b = r.bytes;
      if (bits <= 32) {
        let v = 0;
        for (let i = n - 1; i >= 0; i--) v = v * 256 + (b[at + i] as number);
        return signed && v >= 2 ** (bits - 1) ? v - 2 ** bits : v;
      }
      const v = leUint(b.subarray(at, at + n));
      return (signed ? BigInt.asIntN(bits, v) : v).toString();
    },
    write: (v, w, at) => w.int(checkedInteger(v, bits, signed, at), n),
  };
}

function checkedInteger(value: Json, bits: number, signed: boolean, at: string): bigint | number {
  if (bits <= 32 && typeof value === 'number' && Number.isSafeInteger(value)) {
    const min = signed ? -(2 ** (bits - 1)) : 0;
    const max = signed ? 2 ** (bits - 1) - 1 : 2 ** bits - 1;
    if (value < min || value > max)
      throw new CallDecodeError(`${at}: ${value} is outside ${signed ? 'i' : 'u'}${bits}`);
    return value;
  }
  let n: bigint;
  if (typeof value === 'number' && Number.isSafeInteger(value)) n = BigInt(value);
  else if (typeof value === 'string' && /^-?(0|[1-9]\d*)$/.test(value) && value.length <= 80)
    n = BigInt(value);
  else throw new CallDecodeError(`${at}: expected an integer (a number or a decimal string)`);
  const b = BigInt(bits);
  const min = signed ? -(1n << (b - 1n)) : 0n;
  const max = signed ? (1n << (b - 1n)) - 1n : (1n << b) - 1n;
  if (n < min || n > max) throw new CallDecodeError(`${at}: ${n} is outside ${signed ? 'i' : 'u'}${bits}`);
  return n;
}

/** The bytes of `0x`-prefixed hex, or null for any other value. */
function hexBytes(v: Json): Uint8Array | null {
  if (typeof v !== 'string' || !v.startsWith('0x')) return null;
  try {
    return hexToBytes(v);
  } catch {
    return null;
  }
}

/** `Vec<u8>` (a compact length, then the bytes) or `[u8; len]`, as 0x-hex. */
function bytesCodec(len: number | undefined): TypeCodec {
  return {
    read: (r) => bytesToHex(r.slice(len ?? r.length(1))),
    write: (v, w, at) => {
      const bytes = hexBytes(v);
      if (!bytes) return expected(at, '0x-hex bytes');
      if (len !== undefined && bytes.length !== len) return expected(at, `${len} bytes`);
      if (len === undefined) w.compact(bytes.length);
      w.bytes(bytes);
    },
  };
}
