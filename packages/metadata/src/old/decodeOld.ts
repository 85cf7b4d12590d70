import { MetadataDecodingError, MetadataError } from '../errors.js';
import { type PropertyInput, readProperties } from '../properties.js';
import { decodeRoyaltiesV2 } from '../royalties/v2.js';
import { decodeV0CollectionSchema } from '../v0/collection.js';
import { decodeV0Token, type V0TokenOptions } from '../v0/token.js';
import { decodeV1CollectionSchema } from '../v1/collection.js';
import { decodeV1Token } from '../v1/token.js';
import type { ImageLinkOptions, OldCollectionSchema, OldToken } from './types.js';

/**
 * The old-format (v0 or v1) schema of a collection, with its royalties (the binary `royalties` property).
 * Tokens of the collection decode against it (`decodeOldToken`).
 */
export const decodeOldCollectionSchema = (
  properties: readonly PropertyInput[],
  family: string,
  options?: ImageLinkOptions,
): OldCollectionSchema => {
  const bag = readProperties(properties, 'collectionProperties');
  if (bag.size === 0)
    throw new MetadataDecodingError(
      'COLLECTION_PROPERTIES_EMPTY',
      'Unable to parse: collection properties are empty',
    );
  const schema =
    family === 'V0'
      ? decodeV0CollectionSchema(bag, options)
      : family === 'V1'
        ? decodeV1CollectionSchema(bag)
        : undefined;
  if (!schema)
    throw new MetadataDecodingError('UNKNOWN_COLLECTION_SCHEMA', `Unknown collection schema: "${family}"`);
  const royalties = bag.hex('royalties');
  if (royalties !== undefined) {
    const decoded = decodeRoyaltiesV2(royalties);
    if (decoded.length) schema.royalties = decoded;
  }
  return schema;
};

/** An old-format token against its collection's old schema (intermediate form, before conversion to 2.0.0). */
export const decodeOldToken = (
  properties: readonly PropertyInput[],
  schema: OldCollectionSchema | undefined,
  options?: V0TokenOptions,
): OldToken => {
  if (!schema)
    throw new MetadataDecodingError(
      'COLLECTION_SCHEMA_NOT_PROVIDED',
      'unable to parse: collection schema was not provided',
    );
  if (typeof schema !== 'object')
    throw new MetadataError('INVALID_OPTIONS', 'collection schema must be an object');
  const bag = readProperties(properties, 'tokenProperties');
  if (bag.size === 0)
    throw new MetadataDecodingError('TOKEN_PROPERTIES_EMPTY', 'unable to parse: token properties are empty');
  if (schema.schemaFamily === 'V0') return decodeV0Token(bag, schema, options);
  if (schema.schemaFamily === 'V1') return decodeV1Token(bag, schema);
  throw new MetadataDecodingError('UNKNOWN_TOKEN_SCHEMA', 'Unknown token schema');
};
