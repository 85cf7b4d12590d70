import { bytesToHex } from '@nftkit/primitives';
import type { StoredProperty } from '../../runtime/common/types.js';
import { decodedProperty } from '../../views/properties.js';

export type IndexedProperty = { key: string; keyHex: string; value: string; valueHex: string };

const utf8 = new TextEncoder();

/** A stored property as the indexer answers it: the REST form plus the key's hex. */
export function indexedProperty(p: StoredProperty): IndexedProperty {
  const d = decodedProperty(p);
  return { key: d.key, keyHex: bytesToHex(utf8.encode(d.key)), value: d.value, valueHex: d.valueHex };
}

/** `propertiesMap` of a row: built when answering, so stored rows hold each property once. */
export function propertiesMap(list: IndexedProperty[]): Record<string, IndexedProperty> {
  const map: Record<string, IndexedProperty> = {};
  for (const p of list) map[p.key] = p;
  return map;
}
