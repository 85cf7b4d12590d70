import { SCHEMA_NAME, SCHEMA_VERSION } from '../constants.js';
import type { CollectionInfo, PotentialAttribute } from '../schemas/collection.js';
import type { Attribute, Media } from '../schemas/common.js';
import type { Royalty } from '../schemas/royalty.js';
import type { TokenData } from '../schemas/token.js';
import { localizedText } from './localized.js';
import type { OldCollectionSchema, OldToken } from './types.js';

const SEMVER = /^\d+\.\d+\.\d+$/;

/** The version a decoded old collection reports as `originalSchemaVersion`. */
export const originalVersionOf = (schema: OldCollectionSchema): string =>
  schema.schemaFamily === 'V0' ? '0.0.1' : SEMVER.test(schema.schemaVersion) ? schema.schemaVersion : '1.0.0';

const isText = (v: unknown): v is string | number => typeof v === 'string' || typeof v === 'number';

/** Token royalties override the collection's for the same account; the rest of both apply. */
export const mergeRoyalties = (collection: readonly Royalty[], token: readonly Royalty[]): Royalty[] => {
  const out = collection.map((r) => ({ ...r }));
  for (const royalty of token) {
    const i = out.findIndex((r) => r.address === royalty.address);
    if (i === -1) out.push(royalty);
    else out[i] = royalty;
  }
  return out;
};

/** An old token in the 2.0.0 form: attributes by trait name (array values one item each), files as media. */
export const oldTokenToV2 = (
  token: OldToken,
  schema: OldCollectionSchema,
  tokenRoyalties: readonly Royalty[],
): TokenData => {
  const attributes = Object.values(token.attributes);
  const attributeText = (name: string) =>
    localizedText(attributes.find((a) => localizedText(a.name) === name)?.value);
  const name = localizedText(token.name) ?? attributeText('name');
  const description = localizedText(token.description) ?? attributeText('description');
  const v2Attributes: Attribute[] = [];
  for (const attribute of attributes) {
    const trait_type = String(localizedText(attribute.name));
    if (attribute.isArray && Array.isArray(attribute.value)) {
      for (const item of attribute.value) {
        const value = localizedText(item);
        if (isText(value)) v2Attributes.push({ trait_type, value });
      }
    } else {
      const value = localizedText(attribute.value);
      if (isText(value)) v2Attributes.push({ trait_type, value });
    }
  }
  const media: Record<string, Media> = {};
  if (token.video?.fullUrl) media.video = { type: 'video', url: token.video.fullUrl };
  if (token.audio?.fullUrl) media.audio = { type: 'audio', url: token.audio.fullUrl };
  if (token.spatialObject?.fullUrl) media.spatial = { type: 'spatial', url: token.spatialObject.fullUrl };
  const royalties = mergeRoyalties(schema.royalties ?? [], tokenRoyalties);
  const out: TokenData = {
    schemaName: SCHEMA_NAME,
    schemaVersion: SCHEMA_VERSION,
    originalSchemaVersion: originalVersionOf(schema),
  };
  if (token.image.fullUrl) out.image = token.image.fullUrl;
  if (name !== undefined && name !== '') out.name = String(name);
  if (description !== undefined && description !== '') out.description = String(description);
  if (v2Attributes.length) out.attributes = v2Attributes;
  if (Object.keys(media).length) out.media = media;
  if (royalties.length) out.royalties = royalties;
  return out;
};

/** An old collection schema in the 2.0.0 form. */
export const oldCollectionToV2 = (schema: OldCollectionSchema): CollectionInfo => {
  const out: CollectionInfo = {
    schemaName: SCHEMA_NAME,
    schemaVersion: SCHEMA_VERSION,
    originalSchemaVersion: originalVersionOf(schema),
  };
  if (schema.royalties?.length) out.royalties = schema.royalties;
  const attributes = Object.values(schema.attributesSchema);
  // v1 collections without an attribute schema have no potential attributes at all (not an empty list).
  if (schema.schemaFamily === 'V1' && attributes.length === 0) {
    if (schema.coverPicture?.fullUrl) out.cover_image = { url: schema.coverPicture.fullUrl };
    return out;
  }
  out.potential_attributes = attributes.map((attr) => {
    const potential: PotentialAttribute = {
      trait_type: String(localizedText(attr.name)),
      display_type: attr.type,
    };
    if (attr.enumValues)
      potential.values = Object.values(attr.enumValues)
        .map(localizedText)
        .filter((v): v is string | number => v !== undefined);
    return potential;
  });
  if (schema.coverPicture?.fullUrl) out.cover_image = { url: schema.coverPicture.fullUrl };
  return out;
};
