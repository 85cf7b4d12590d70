import { detectFamily } from './detectSchema.js';
import { MetadataDecodingError } from './errors.js';
import { decodeOldCollectionSchema } from './old/decodeOld.js';
import { parseJson } from './old/localized.js';
import { oldCollectionToV2 } from './old/toV2.js';
import type { ImageLinkOptions } from './old/types.js';
import { type PropertyInput, readProperties } from './properties.js';
import type { CollectionInfo } from './schemas/collection.js';
import { CollectionInfoSchema } from './schemas/collection.js';
import { storedSchemaVersion } from './storedSchemaVersion.js';
import { parseWith } from './validate.js';

/**
 * On-chain collection properties → collection metadata in the 2.0.0 form. v2 collections decode
 * `collectionInfo` (validated); v1 and v0 collections are converted (`originalSchemaVersion` tells which).
 *
 * @example
 * decodeCollectionFromProperties(encodeCollectionToProperties({ cover_image: { url: 'https://example/c.png' } }).properties)
 */
export const decodeCollectionFromProperties = (
  properties: readonly PropertyInput[],
  options?: ImageLinkOptions,
): CollectionInfo => {
  const bag = readProperties(properties, 'collectionProperties');
  const { family } = detectFamily(bag, bag);
  if (family === 'V2') {
    const text = bag.text('collectionInfo');
    // A v2 collection created with only its name and version has no collectionInfo: that is an empty one.
    const json = text === undefined ? {} : parseJson(text);
    if (typeof json !== 'object' || json === null || Array.isArray(json))
      throw new MetadataDecodingError('COLLECTION_INFO_UNPARSABLE', 'Unable to parse collectionInfo JSON');
    const info = parseWith(CollectionInfoSchema, json);
    const version = storedSchemaVersion(bag);
    if (version !== undefined) info.schemaVersion = version;
    return info;
  }
  return oldCollectionToV2(decodeOldCollectionSchema(properties, family, options));
};
