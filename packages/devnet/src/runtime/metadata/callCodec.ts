import {
  bytesToHex,
  decodeSubstrateAddress,
  encodeSubstrateAddress,
  hexToBytes,
  isSubstrateAddress,
} from '@nftkit/primitives';
import type { Metadata, TypeRegistry } from '@polkadot/types';
import type { Codec } from '@polkadot/types/types';
import { stringCamelCase, u8aEq } from '@polkadot/util';
import { CallDecodeError, MAX_CALL_BYTES } from '../codec.js';
import { decodeMetadata } from './build.js';
import { CallScanner } from './callScan.js';

/**
 * Calls as SCALE bytes of the devnet's metadata (Opal's encoding) and back, with the arguments as plain JSON the
 * runtime's decoders read: struct fields camel-cased, integers above 32 bits and `U256` as decimal strings, bytes
 * and `H160`/`H256` as 0x-hex, `AccountId32` (and `MultiAddress::Id`) as SS58 (prefix 42), a unit enum variant as
 * its name and any other as `{ Variant: value }`, `Option` as null or the value, maps as `[key, value]` pairs, and a
 * nested call (`utility.batchAll`) as the 0x-hex of its bytes.
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

type SiDef = ReturnType<TypeRegistry['lookup']['getSiType']>;
type Field = { name: string | null; type: number };

/** Builds and reads the devnet's calls through `@polkadot/types` with one metadata. */
export class CallCodec {
  readonly registry: TypeRegistry;
  readonly metadata: Metadata;
  readonly #callType: number;
  readonly #scanner: CallScanner;

  constructor(metadataBytes: Uint8Array) {
    const { registry, metadata } = decodeMetadata(metadataBytes);
    this.registry = registry;
    this.metadata = metadata;
    const ext = registry.lookup.getSiType(metadata.asV14.extrinsic.type);
    const call = ext.params.find((p) => p.name.toString() === 'Call');
    if (!call || call.type.isNone) throw new Error('The metadata names no Call type');
    this.#callType = call.type.unwrap().toNumber();
    this.#scanner = new CallScanner(registry, this.#callType);
  }

  /** Decodes a call; throws `CallDecodeError` for anything but exactly one known, well-formed call. */
  decode(bytes: Uint8Array): ScaleCall {
    if (bytes.length < 2) throw new CallDecodeError('Call bytes are too short');
    if (bytes.length > MAX_CALL_BYTES)
      throw new CallDecodeError(
        `The call is ${bytes.length} bytes; a block takes calls of at most ${MAX_CALL_BYTES} bytes (5 MiB × 75%)`,
      );
    const [palletIndex, callIndex] = bytes as unknown as [number, number];
    let meta: ReturnType<TypeRegistry['findMetaCall']>;
    try {
      meta = this.registry.findMetaCall(bytes.subarray(0, 2));
    } catch {
      if (!this.metadata.asV14.pallets.some((p) => p.index.toNumber() === palletIndex))
        throw new CallDecodeError(`Unknown pallet index ${palletIndex}`);
      throw new CallDecodeError(`Unknown call index ${callIndex} in pallet ${palletIndex}`);
    }
    let inner: number;
    try {
      inner = this.#scanner.scan(bytes);
    } catch (e) {
      if (e instanceof CallDecodeError)
        throw new CallDecodeError(`Cannot decode ${meta.section}.${meta.method}: ${e.message}`);
      throw e;
    }
    let decoded: Codec & { args: Codec[] };
    try {
      decoded = this.registry.createType('Call', bytes) as unknown as Codec & { args: Codec[] };
    } catch (e) {
      // A RangeError is a call nested past the stack, which no depth limit below would have allowed.
      const why = e instanceof RangeError ? 'calls nest too deep' : (e as Error).message.slice(0, 300);
      throw new CallDecodeError(`Cannot decode ${meta.section}.${meta.method}: ${why}`);
    }
    if (decoded.encodedLength > bytes.length)
      throw new CallDecodeError(`Cannot decode ${meta.section}.${meta.method}: the call is truncated`);
    if (decoded.encodedLength !== bytes.length)
      throw new CallDecodeError(
        `Cannot decode ${meta.section}.${meta.method}: ${bytes.length - decoded.encodedLength} bytes after the call`,
      );
    // polkadot-js reads some types leniently (a short `MultiAddress` as another variant); the runtime reads SCALE
    // exactly, so only bytes that are the encoding of what was read are a call.
    if (!u8aEq(decoded.toU8a(), bytes))
      throw new CallDecodeError(
        `Cannot decode ${meta.section}.${meta.method}: the bytes are not a well-formed call`,
      );
    const fields = meta.meta.fields;
    const args: Record<string, Json> = {};
    fields.forEach((f, i) => {
      const value = decoded.args[i];
      if (!value)
        throw new CallDecodeError(`Cannot decode ${meta.section}.${meta.method}: missing argument ${i}`);
      args[stringCamelCase(f.name.unwrapOr(String(i)).toString())] = this.#toJson(
        f.type.toNumber(),
        value,
        1,
      );
    });
    return { section: meta.section, method: meta.method, palletIndex, callIndex, args, inner };
  }

  /** Encodes `section.method(args)`; throws `CallDecodeError` naming the argument that does not fit its type. */
  encode(section: string, method: string, args: Record<string, Json>): Uint8Array {
    const tx = this.metadata.asV14.pallets.find((p) => stringCamelCase(p.name.toString()) === section);
    if (!tx || tx.calls.isNone) throw new CallDecodeError(`Unknown call ${section}.${method}`);
    const variants = this.registry.lookup.getSiType(tx.calls.unwrap().type).def.asVariant.variants;
    const variant = variants.find((v) => stringCamelCase(v.name.toString()) === method);
    if (!variant) throw new CallDecodeError(`Unknown call ${section}.${method}`);
    const fields = variant.fields.map((f) => ({
      // `Call` takes its arguments by their names as the metadata spells them (`collection_id`).
      raw: f.name.unwrapOr('').toString(),
      name: stringCamelCase(f.name.unwrapOr('').toString()),
      type: f.type.toNumber(),
    }));
    const extra = Object.keys(args).find((k) => !fields.some((f) => f.name === k));
    if (extra !== undefined) throw new CallDecodeError(`${section}.${method} has no argument ${extra}`);
    const input: Record<string, unknown> = {};
    for (const f of fields) {
      if (!(f.name in args)) throw new CallDecodeError(`${section}.${method}: ${f.name} is missing`);
      input[f.raw] = this.#fromJson(f.type, args[f.name] as Json, f.name);
    }
    const call = this.registry.createType('Call', {
      callIndex: [tx.index.toNumber(), variant.index.toNumber()],
      args: input,
    });
    return call.toU8a();
  }

  #si(type: number): SiDef {
    return this.registry.lookup.getSiType(type);
  }

  #path(si: SiDef): string {
    return si.path.map((p) => p.toString()).join('::');
  }

  /** Fields of a composite or variant as plain objects. */
  #fields(list: SiDef['def']['asComposite']['fields']): Field[] {
    return list.map((f) => ({
      name: f.name.isSome ? f.name.unwrap().toString() : null,
      type: f.type.toNumber(),
    }));
  }

  #toJson(type: number, value: Codec, depth: number): Json {
    const si = this.#si(type);
    const path = this.#path(si);
    const def = si.def;
    // A nested call's bytes: the scan has checked its indices and depth, and the runtime decodes it again (through
    // this codec) as the call it is.
    if (type === this.#callType) return bytesToHex(value.toU8a());
    if (path === 'sp_core::crypto::AccountId32') return encodeSubstrateAddress(value.toU8a(), 42);
    if (path === 'primitive_types::H160' || path === 'primitive_types::H256') return value.toHex();
    if (path === 'primitive_types::U256') return value.toString();
    if (def.isPrimitive) {
      const p = def.asPrimitive.type;
      if (p === 'Bool') return (value as unknown as { isTrue: boolean }).isTrue;
      if (p === 'Str') return value.toString();
      if (['U8', 'U16', 'U32', 'I8', 'I16', 'I32', 'Char'].includes(p)) return Number(value.toString());
      return value.toString();
    }
    if (def.isCompact)
      return this.#toJson(
        def.asCompact.type.toNumber(),
        (value as unknown as { unwrap(): Codec }).unwrap(),
        depth,
      );
    if (def.isSequence || def.isArray) {
      const inner = def.isSequence ? def.asSequence.type : def.asArray.type;
      const innerSi = this.#si(inner.toNumber());
      if (innerSi.def.isPrimitive && innerSi.def.asPrimitive.type === 'U8')
        return bytesToHex(value.toU8a(true));
      return (value as unknown as Codec[]).map((v) => this.#toJson(inner.toNumber(), v, depth));
    }
    if (def.isTuple) {
      const ids = def.asTuple.map((t) => t.toNumber());
      if (ids.length === 0) return null;
      return (value as unknown as Codec[]).map((v, i) => this.#toJson(ids[i] as number, v, depth));
    }
    if (def.isComposite) {
      const fields = this.#fields(def.asComposite.fields);
      if (path === 'BTreeMap') {
        const [k, v] = si.params.map((p) => p.type.unwrap().toNumber()) as [number, number];
        return [...(value as unknown as Map<Codec, Codec>).entries()].map(([key, val]) => [
          this.#toJson(k, key, depth),
          this.#toJson(v, val, depth),
        ]);
      }
      if (path === 'BTreeSet') {
        const t = si.params[0]?.type.unwrap().toNumber() as number;
        return [...(value as unknown as Set<Codec>).values()].map((v) => this.#toJson(t, v, depth));
      }
      // polkadot-js flattens a struct of one unnamed field (and `BoundedVec`) to the field itself.
      if (fields.length === 1 && fields[0]?.name === null) return this.#toJson(fields[0].type, value, depth);
      const out: Record<string, Json> = {};
      const struct = value as unknown as { get(key: string): Codec | undefined };
      for (const f of fields) {
        const key = stringCamelCase(f.name ?? '');
        const v = struct.get(key);
        if (!v) throw new CallDecodeError(`missing field ${key}`);
        out[key] = this.#toJson(f.type, v, depth);
      }
      return out;
    }
    if (def.isVariant) {
      if (path === 'Option') {
        const opt = value as unknown as { isSome: boolean; unwrap(): Codec };
        const t = si.params[0]?.type.unwrap().toNumber() as number;
        return opt.isSome ? this.#toJson(t, opt.unwrap(), depth) : null;
      }
      const e = value as unknown as { index: number; value: Codec };
      const variant = def.asVariant.variants.find((v) => v.index.toNumber() === e.index);
      if (!variant) throw new CallDecodeError(`unknown variant ${e.index}`);
      const name = variant.name.toString();
      const fields = this.#fields(variant.fields);
      if (path === 'sp_runtime::multiaddress::MultiAddress' && name === 'Id')
        return this.#toJson(fields[0]?.type as number, e.value, depth);
      if (fields.length === 0) return name;
      if (fields.length === 1 && fields[0]?.name === null)
        return { [name]: this.#toJson(fields[0].type, e.value, depth) };
      if (fields.every((f) => f.name === null)) {
        const parts = e.value as unknown as Codec[];
        return { [name]: fields.map((f, i) => this.#toJson(f.type, parts[i] as Codec, depth)) };
      }
      const struct = e.value as unknown as { get(key: string): Codec | undefined };
      const out: Record<string, Json> = {};
      for (const f of fields) {
        const key = stringCamelCase(f.name ?? '');
        out[key] = this.#toJson(f.type, struct.get(key) as Codec, depth);
      }
      return { [name]: out };
    }
    throw new CallDecodeError(`unsupported type ${type}`);
  }

  #fromJson(type: number, value: Json, at: string): unknown {
    const fail = (what: string): never => {
      throw new CallDecodeError(`${at}: expected ${what}`);
    };
    const si = this.#si(type);
    const path = this.#path(si);
    const def = si.def;
    if (type === this.#callType) {
      if (typeof value !== 'string' || !/^0x(?:[0-9a-fA-F]{2})+$/.test(value))
        return fail('a call as 0x-hex');
      try {
        return this.registry.createType('Call', hexToBytes(value));
      } catch {
        return fail('a call of this chain');
      }
    }
    if (path === 'sp_core::crypto::AccountId32') {
      if (typeof value !== 'string' || !isSubstrateAddress(value)) return fail('an SS58 address');
      return decodeSubstrateAddress(value);
    }
    if (path === 'primitive_types::H160' || path === 'primitive_types::H256') {
      const len = path.endsWith('H160') ? 20 : 32;
      if (typeof value !== 'string' || !new RegExp(`^0x[0-9a-fA-F]{${len * 2}}$`).test(value))
        return fail(`${len} bytes as 0x-hex`);
      return value;
    }
    if (path === 'primitive_types::U256') return this.#integer(value, 256n, false, at);
    if (def.isPrimitive) {
      const p = def.asPrimitive.type;
      if (p === 'Bool') return typeof value === 'boolean' ? value : fail('true or false');
      if (p === 'Str') return typeof value === 'string' ? value : fail('a string');
      const m = /^([UI])(\d+)$/.exec(p);
      if (!m) return fail(p);
      return this.#integer(value, BigInt(m[2] as string), m[1] === 'I', at);
    }
    if (def.isCompact) return this.#fromJson(def.asCompact.type.toNumber(), value, at);
    if (def.isSequence || def.isArray) {
      const inner = (def.isSequence ? def.asSequence.type : def.asArray.type).toNumber();
      const innerSi = this.#si(inner);
      const len = def.isArray ? def.asArray.len.toNumber() : undefined;
      if (innerSi.def.isPrimitive && innerSi.def.asPrimitive.type === 'U8') {
        if (typeof value !== 'string' || !/^0x(?:[0-9a-fA-F]{2})*$/.test(value)) return fail('0x-hex bytes');
        if (len !== undefined && value.length !== 2 + 2 * len) return fail(`${len} bytes`);
        return value;
      }
      if (!Array.isArray(value)) return fail('an array');
      if (len !== undefined && value.length !== len) return fail(`${len} items`);
      return value.map((v, i) => this.#fromJson(inner, v, `${at}[${i}]`));
    }
    if (def.isTuple) {
      const ids = def.asTuple.map((t) => t.toNumber());
      if (ids.length === 0) return value === null ? [] : fail('null');
      if (!Array.isArray(value) || value.length !== ids.length) return fail(`${ids.length} items`);
      return ids.map((t, i) => this.#fromJson(t, value[i] as Json, `${at}[${i}]`));
    }
    if (def.isComposite) {
      const fields = this.#fields(def.asComposite.fields);
      if (path === 'BTreeMap') {
        const [k, v] = si.params.map((p) => p.type.unwrap().toNumber()) as [number, number];
        if (!Array.isArray(value)) return fail('[key, value] pairs');
        return new Map(
          value.map((pair, i) => {
            if (!Array.isArray(pair) || pair.length !== 2) return fail('[key, value] pairs');
            return [
              this.#fromJson(k, pair[0] as Json, `${at}[${i}][0]`),
              this.#fromJson(v, pair[1] as Json, `${at}[${i}][1]`),
            ];
          }),
        );
      }
      if (path === 'BTreeSet') {
        const t = si.params[0]?.type.unwrap().toNumber() as number;
        if (!Array.isArray(value)) return fail('an array');
        return value.map((v, i) => this.#fromJson(t, v, `${at}[${i}]`));
      }
      if (fields.length === 1 && fields[0]?.name === null) return this.#fromJson(fields[0].type, value, at);
      return this.#struct(fields, value, at);
    }
    if (def.isVariant) {
      if (path === 'Option') {
        const t = si.params[0]?.type.unwrap().toNumber() as number;
        return value === null ? null : this.#fromJson(t, value, at);
      }
      const variants = def.asVariant.variants;
      let name: string;
      let inner: Json | undefined;
      if (path === 'sp_runtime::multiaddress::MultiAddress' && typeof value === 'string') {
        name = 'Id';
        inner = value;
      } else if (typeof value === 'string') name = value;
      else if (
        value !== null &&
        typeof value === 'object' &&
        !Array.isArray(value) &&
        Object.keys(value).length === 1
      ) {
        name = Object.keys(value)[0] as string;
        inner = value[name];
      } else return fail('a variant name or { Variant: value }');
      const variant = variants.find((v) => v.name.toString() === name);
      if (!variant) return fail(`one of ${variants.map((v) => v.name.toString()).join(', ')}`);
      const fields = this.#fields(variant.fields);
      if (fields.length === 0) {
        if (inner !== undefined && inner !== null) return fail(`${name} without a value`);
        return name;
      }
      if (inner === undefined) return fail(`{ ${name}: value }`);
      if (fields.length === 1 && fields[0]?.name === null)
        return { [name]: this.#fromJson(fields[0].type, inner, `${at}.${name}`) };
      if (fields.every((f) => f.name === null)) {
        if (!Array.isArray(inner) || inner.length !== fields.length) return fail(`${fields.length} items`);
        return {
          [name]: fields.map((f, i) => this.#fromJson(f.type, inner[i] as Json, `${at}.${name}[${i}]`)),
        };
      }
      return { [name]: this.#struct(fields, inner, `${at}.${name}`) };
    }
    return fail('a supported type');
  }

  #struct(fields: Field[], value: Json, at: string): Record<string, unknown> {
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      throw new CallDecodeError(`${at}: expected an object`);
    const out: Record<string, unknown> = {};
    const keys = new Set(Object.keys(value));
    for (const f of fields) {
      const key = stringCamelCase(f.name ?? '');
      if (!keys.delete(key)) throw new CallDecodeError(`${at}.${key} is missing`);
      out[key] = this.#fromJson(f.type, value[key] as Json, `${at}.${key}`);
    }
    const extra = [...keys][0];
    if (extra !== undefined) throw new CallDecodeError(`${at} has no field ${extra}`);
    return out;
  }

  #integer(value: Json, bits: bigint, signed: boolean, at: string): bigint {
    let n: bigint;
    if (typeof value === 'number' && Number.isSafeInteger(value)) n = BigInt(value);
    else if (typeof value === 'string' && /^-?(0|[1-9]\d*)$/.test(value) && value.length <= 80)
      n = BigInt(value);
    else throw new CallDecodeError(`${at}: expected an integer (a number or a decimal string)`);
    const min = signed ? -(1n << (bits - 1n)) : 0n;
    const max = signed ? (1n << (bits - 1n)) - 1n : (1n << bits) - 1n;
    if (n < min || n > max) throw new CallDecodeError(`${at}: ${n} is outside ${signed ? 'i' : 'u'}${bits}`);
    return n;
  }
}
