import {
  bytesToHex,
  hexToBytes,
  isEthereumAddress,
  normalizeAddress,
  normalizeSubstrateAddress,
} from '@nftkit/primitives';
import { CallDecodeError } from './codec.js';
import type { Json } from './metadata/callCodec.js';

/**
 * A value as a call's `args` decoder reads it (the JSON the REST routes build and statuses show) and as Opal's
 * SCALE type of that argument holds it (the JSON `CallCodec` reads and writes), both ways. `fromScale` reads what
 * the codec decoded, so its shape is the type's; `toScale` reads what the call's decoder has checked.
 */
export type Wire<T = unknown> = {
  toScale(value: T): Json;
  fromScale(value: Json): T;
};

/** A wire of any value type (a struct's fields each have their own). */
export type AnyWire = { toScale(value: never): Json; fromScale(value: Json): unknown };

/** A call's arguments, mapped as a whole. */
export type ArgsWire = Wire<Record<string, unknown>>;

const utf8 = new TextEncoder();
const utf8Strict = new TextDecoder('utf-8', { fatal: true });

/** The same value both ways. */
export const same: Wire = { toScale: (v) => v as Json, fromScale: (v) => v };

/** `CrossAccountId`: an SS58 address is `{ Substrate }`, a 0x address `{ Ethereum }`. */
export const crossAccount: Wire<string> = {
  toScale: (a): Json => {
    const variant = isEthereumAddress(a) ? 'Ethereum' : 'Substrate';
    return { [variant]: String(a) };
  },
  fromScale: (v) => {
    const c = v as { Substrate?: string; Ethereum?: string };
    return c.Substrate !== undefined
      ? normalizeSubstrateAddress(c.Substrate)
      : normalizeAddress(c.Ethereum ?? '');
  },
};

/** Text kept as UTF-8 `Bytes` (a property key, a token prefix): the runtime keeps it as a string. */
export const utf8Text = (what: string): Wire<string> => ({
  toScale: (s) => bytesToHex(utf8.encode(s)),
  fromScale: (v) => {
    try {
      return utf8Strict.decode(hexToBytes(v as string));
    } catch {
      throw new CallDecodeError(`${what} is not UTF-8 text`);
    }
  },
});

/** Text as `Vec<u16>` (a collection's name and description: UTF-16 code units). */
export const utf16Text: Wire<string> = {
  toScale: (s) => Array.from({ length: s.length }, (_, i) => s.charCodeAt(i)),
  fromScale: (v) => {
    const units = v as number[];
    let s = '';
    // In slices: a spread of a whole megabyte-long vector would overflow the stack before the bound is checked.
    for (let i = 0; i < units.length; i += 4096) s += String.fromCharCode(...units.slice(i, i + 4096));
    return s;
  },
};

/** A `u64` the runtime reads as a number (bit flags): the codec gives it as a decimal string. */
export const u64Number: Wire<number> = {
  toScale: (n) => n,
  fromScale: (v) => Number(v),
};

/** `Option<T>`: absent or null is `None`. */
export const optional = <T>(w: Wire<T>): Wire<T | undefined> => ({
  toScale: (v) => (v === undefined || v === null ? null : w.toScale(v)),
  fromScale: (v) => (v === null ? undefined : w.fromScale(v)),
});

/** `Vec<T>`; absent is empty. */
export const list = <T>(w: Wire<T>): Wire<T[]> => ({
  toScale: (v) => (v ?? []).map((x) => w.toScale(x)),
  fromScale: (v) => (v as Json[]).map((x) => w.fromScale(x)),
});

/** A value the runtime may leave out, written as `fallback` then. */
export const withDefault = <T>(w: Wire<T>, fallback: T): Wire<T> => ({
  toScale: (v) => w.toScale(v ?? fallback),
  fromScale: (v) => w.fromScale(v),
});

/**
 * A struct whose fields are Opal's and the runtime's alike, each through its own wire; fields not listed pass
 * unchanged. A field the runtime leaves out goes through its wire as `undefined`, and one whose value comes back
 * `undefined` is left out again.
 */
export const struct = (fields: Record<string, AnyWire>): Wire<Record<string, unknown>> => ({
  toScale: (o) => {
    const out: Record<string, Json> = {};
    for (const [k, v] of Object.entries(o)) if (!(k in fields)) out[k] = v as Json;
    for (const [k, w] of Object.entries(fields)) out[k] = w.toScale(o[k] as never);
    return out;
  },
  fromScale: (v) => {
    const a = v as Record<string, Json>;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(a)) {
      const w = fields[k];
      const mapped = w ? w.fromScale(x) : x;
      if (mapped !== undefined) out[k] = mapped;
    }
    return out;
  },
});

/** A unit-variant enum whose variant names differ between the two sides (`pallet` ↔ `Pallet`). */
export const renamed = (names: Record<string, string>): Wire<string> => {
  const back = Object.fromEntries(Object.entries(names).map(([k, v]) => [v, k]));
  return {
    toScale: (s) => names[s] ?? s,
    fromScale: (v) => back[v as string] ?? (v as string),
  };
};
