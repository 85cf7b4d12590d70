import { STRING_LIMITS } from '@nftkit/primitives';
import { MetadataError, show } from './errors.js';
import {
  type EncodedProperty,
  mergeByKey,
  type PropertyInput,
  textProperty,
  toEncodedProperties,
} from './properties.js';
import { encodeRoyaltiesV2 } from './royalties/v2.js';
import type { TokenDataInput } from './schemas/token.js';
import { parseTokenData } from './validate.js';

export type EncodeTokenOptions = {
  /** A token URI for ERC-721 compatibility, written as the `URI` property. */
  URI?: string;
  /** Extra properties, replacing generated ones with the same key. */
  overwriteProperties?: PropertyInput[];
};

/**
 * Token metadata (schema 2.x) → the properties to write on chain: `schemaName`, `schemaVersion`,
 * `tokenData` (the validated metadata as JSON, defaults filled in), `royalties` (binary) when the
 * metadata has royalties, and `URI` when given.
 *
 * @example
 * encodeTokenToProperties({ name: 'Snake #1', image: 'https://example/snake.png' })
 * // → [{ key: 'schemaName', value: 'unique', valueHex: '0x756e69717565' }, …]
 */
export const encodeTokenToProperties = (
  token: TokenDataInput,
  options?: EncodeTokenOptions,
): EncodedProperty[] => {
  const data = parseTokenData(token);
  const tokenData = JSON.stringify(data);
  if (
    tokenData.length * 3 > STRING_LIMITS.propertyValue &&
    new TextEncoder().encode(tokenData).length > STRING_LIMITS.propertyValue
  )
    throw new MetadataError(
      'VALUE_TOO_LONG',
      `tokenData: String must not exceed ${STRING_LIMITS.propertyValue} bytes`,
    );
  const properties: EncodedProperty[] = [
    textProperty('schemaName', data.schemaName),
    textProperty('schemaVersion', data.schemaVersion),
    textProperty('tokenData', tokenData),
  ];
  if (data.royalties) properties.push({ key: 'royalties', valueHex: encodeRoyaltiesV2(data.royalties) });
  const uri: unknown = options?.URI;
  if (uri !== undefined && typeof uri !== 'string')
    throw new MetadataError('INVALID_OPTIONS', `URI must be a string, got ${show(uri)}`);
  if (uri) properties.push(...toEncodedProperties([{ key: 'URI', value: uri }], 'URI'));
  const overrides = toEncodedProperties(options?.overwriteProperties, 'overwriteProperties');
  return mergeByKey(properties, overrides);
};
