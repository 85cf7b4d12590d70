import { bytesToHex } from '@nftkit/primitives';
import type { StoredProperty } from '../runtime/common/types.js';

const utf8 = new TextDecoder();

/** `{key, value, valueHex}` as the REST API answers a property (value = the bytes read as UTF-8). */
export const decodedProperty = (p: StoredProperty) => ({
  key: p.key,
  value: utf8.decode(p.value),
  valueHex: bytesToHex(p.value),
});
