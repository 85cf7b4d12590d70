import { MAX_PROPERTIES_PER_ITEM, MAX_PROPERTY_KEY_LENGTH } from './bounds.js';
import { CommonError } from './errors.js';

const KEY = /^[A-Za-z0-9_.-]+$/;
const utf8 = new TextEncoder();

export const keyByteLength = (key: string): number => utf8.encode(key).length;

/** `PropertiesMap::check_property_key` (chain-rules §2.1). */
export function checkPropertyKey(key: string): void {
  if (key.length === 0) throw CommonError.EmptyPropertyKey();
  if (keyByteLength(key) > MAX_PROPERTY_KEY_LENGTH) throw CommonError.PropertyKeyIsTooLong();
  if (!KEY.test(key)) throw CommonError.InvalidCharacterInPropertyKey();
}

/** Encoded size of a byte string: SCALE compact length prefix plus the bytes. */
export function scaleSize(byteLength: number): number {
  const prefix = byteLength < 1 << 6 ? 1 : byteLength < 1 << 14 ? 2 : byteLength < 2 ** 30 ? 4 : 5;
  return prefix + byteLength;
}

const entrySize = (key: string, value: Uint8Array) => scaleSize(keyByteLength(key)) + scaleSize(value.length);

/** One item's property map while a call edits it: where to read and write, and its running totals. */
export type PropertyMapView = {
  get(key: string): Uint8Array | undefined;
  put(key: string, value: Uint8Array): void;
  remove(key: string): void;
  count: number;
  consumed: number;
  readonly limit: number;
};

/**
 * `Properties::try_scoped_set`: the space check adds the whole new entry even on a rewrite (a chain quirk kept on
 * purpose), then consumed becomes consumed − old + new.
 */
export function setInMap(map: PropertyMapView, key: string, value: Uint8Array): void {
  checkPropertyKey(key);
  const old = map.get(key);
  if (old === undefined && map.count + 1 > MAX_PROPERTIES_PER_ITEM) throw CommonError.PropertyLimitReached();
  const size = entrySize(key, value);
  if (map.consumed + size > map.limit) throw CommonError.NoSpaceForProperty();
  map.consumed = map.consumed - (old === undefined ? 0 : entrySize(key, old)) + size;
  if (old === undefined) map.count += 1;
  map.put(key, value);
}

export function deleteFromMap(map: PropertyMapView, key: string): void {
  checkPropertyKey(key);
  const old = map.get(key);
  if (old === undefined) return;
  map.consumed -= entrySize(key, old);
  map.count -= 1;
  map.remove(key);
}
