import {
  type DecodeTokenOptions,
  MetadataError,
  type TokenDecoding,
  tryDecodeTokenFromProperties,
} from '@nftkit/metadata';
import { bytesToHex } from '@nftkit/primitives';
import type { StoredProperty } from '../runtime/common/types.js';

const utf8 = new TextDecoder();

/** `{key, value, valueHex}` as the REST API answers a property (value = the bytes read as UTF-8). */
export const decodedProperty = (p: StoredProperty) => ({
  key: p.key,
  value: utf8.decode(p.value),
  valueHex: bytesToHex(p.value),
});

/**
 * A token's metadata decoded from its stored properties (as {@link decodedProperty}), or why it has none; never
 * thrown. A value the chain accepts (up to 32 768 bytes) can be longer than `@nftkit/metadata` takes once read as
 * text, each byte that is not UTF-8 becoming a three-byte U+FFFD: the decoder's refusal is then the reason. The
 * indexer decodes inside the block's transaction, where a throw would fail that block and every one after it.
 */
export function decodeStoredToken(
  properties: readonly ReturnType<typeof decodedProperty>[],
  options: DecodeTokenOptions,
): TokenDecoding {
  try {
    return tryDecodeTokenFromProperties(properties, options);
  } catch (e) {
    if (e instanceof MetadataError) return { ok: false, code: e.code, message: e.message };
    throw e;
  }
}
