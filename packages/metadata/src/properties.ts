import { bytesToHex, hexToBytes, isHex, STRING_LIMITS, utf8ByteLength } from '@nftkit/primitives';
import { MetadataError, show } from './errors.js';

/** A property to read or write: a key plus a text value or its bytes as hex (spec §3 "On-chain property"). */
export type PropertyInput = { key: string; value?: string | undefined; valueHex?: string | undefined };
/** A property as the REST API returns it. */
export type DecodedProperty = { key: string; value: string; valueHex: string };
/** A property this package produces for writing; `value` is present when the bytes are UTF-8 text. */
export type EncodedProperty = { key: string; value?: string; valueHex: string };

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export const textToHex = (text: string): string => bytesToHex(encoder.encode(text));
export const hexToText = (hex: string): string => decoder.decode(hexToBytes(hex));

/** A text property ready to write. */
export const textProperty = (key: string, value: string): EncodedProperty => ({
  key,
  value,
  valueHex: textToHex(value),
});

const fail = (message: string): never => {
  throw new MetadataError('INVALID_PROPERTIES', message);
};

const checkBytes = (value: string, limit: number, where: string): void => {
  // Length in UTF-16 units bounds the UTF-8 length from below by a third; skip the exact count when clearly small.
  if (value.length * 3 > limit && utf8ByteLength(value) > limit)
    throw new MetadataError('VALUE_TOO_LONG', `${where}: String must not exceed ${limit} bytes`);
};

/**
 * Properties indexed by key. Text comes from `value` when given (the REST API always sends it),
 * else from the UTF-8 bytes of `valueHex`; binary properties (royalties) always read `valueHex`.
 */
export class PropertyBag {
  readonly size: number;
  private readonly entries = new Map<string, PropertyInput>();

  constructor(properties: readonly PropertyInput[]) {
    for (const p of properties) this.entries.set(p.key, p);
    this.size = this.entries.size;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  keys(): IterableIterator<string> {
    return this.entries.keys();
  }

  text(key: string): string | undefined {
    const p = this.entries.get(key);
    if (!p) return undefined;
    if (p.value !== undefined) return p.value;
    return p.valueHex === undefined ? undefined : hexToText(p.valueHex);
  }

  hex(key: string): string | undefined {
    const p = this.entries.get(key);
    if (!p) return undefined;
    if (p.valueHex !== undefined) return p.valueHex.toLowerCase();
    return p.value === undefined ? undefined : textToHex(p.value);
  }
}

/**
 * Checks untrusted property input (wrong types, bad hex, oversize keys or values) and indexes it.
 * `undefined`/`null` read as "no properties".
 */
export const readProperties = (input: unknown, what: string): PropertyBag =>
  new PropertyBag(validateProperties(input, what));

/** The checks of `readProperties`, keeping the list (and its order). */
export const validateProperties = (input: unknown, what: string): PropertyInput[] => {
  if (input === undefined || input === null) return [];
  if (!Array.isArray(input)) return fail(`${what} must be an array of properties, got ${typeof input}`);
  const out: PropertyInput[] = [];
  for (let i = 0; i < input.length; i++) {
    const p: unknown = input[i];
    const where = `${what}[${i}]`;
    if (typeof p !== 'object' || p === null) return fail(`${where} must be an object with a key`);
    const { key, value, valueHex } = p as Record<string, unknown>;
    if (typeof key !== 'string' || key === '')
      return fail(`${where}.key must be a non-empty string, got ${show(key)}`);
    checkBytes(key, STRING_LIMITS.permissionKey, `${where}.key`);
    if (value !== undefined && value !== null && typeof value !== 'string')
      return fail(`${where}.value must be a string, got ${typeof value}`);
    if (valueHex !== undefined && valueHex !== null && !isHex(valueHex))
      return fail(`${where}.valueHex must be 0x-prefixed hex, got ${show(valueHex)}`);
    const text = typeof value === 'string' ? value : undefined;
    const hex = typeof valueHex === 'string' ? valueHex : undefined;
    if (text === undefined && hex === undefined)
      return fail(`${where}: A property needs a value or a hex value`);
    if (text !== undefined) checkBytes(text, STRING_LIMITS.propertyValue, `${where}.value`);
    if (hex !== undefined && (hex.length - 2) / 2 > STRING_LIMITS.propertyValue)
      throw new MetadataError(
        'VALUE_TOO_LONG',
        `${where}.valueHex: String must not exceed ${STRING_LIMITS.propertyValue} bytes`,
      );
    out.push({ key, value: text, valueHex: hex });
  }
  return out;
};

// chain-rules §2.1: the chain refuses any other byte in a property key.
const KEY_CHARSET = /^[A-Za-z0-9_.-]+$/;

/** Checks a key the chain will be asked to store (its charset and byte limit). */
export const assertWritableKey = (key: string, limit: number, where: string): void => {
  if (!KEY_CHARSET.test(key))
    throw new MetadataError(
      'INVALID_PROPERTIES',
      `${where}: property keys may contain only A-Z, a-z, 0-9, '_', '-' and '.', got ${key}`,
    );
  if (key.length > limit)
    throw new MetadataError('VALUE_TOO_LONG', `${where}: String must not exceed ${limit} bytes`);
};

/**
 * Normalizes caller-given properties to the written form (text and hex), checking them like
 * `readProperties` and, since they will be written, their keys like the chain does (at most 64 bytes).
 */
export const toEncodedProperties = (input: unknown, what: string): EncodedProperty[] =>
  validateProperties(input, what).map((p, i) => {
    assertWritableKey(p.key, STRING_LIMITS.propertyKey, `${what}[${i}].key`);
    return p.valueHex !== undefined
      ? { key: p.key, valueHex: p.valueHex.toLowerCase() }
      : textProperty(p.key, p.value!);
  });

/** Replaces entries with the same key in place and appends the new ones (caller overrides of defaults). */
export const mergeByKey = <T extends { key: string }>(base: T[], overrides: readonly T[]): T[] => {
  if (overrides.length === 0) return base;
  const out = [...base];
  for (const item of overrides) {
    const i = out.findIndex((p) => p.key === item.key);
    if (i === -1) out.push(item);
    else out[i] = item;
  }
  return out;
};
