import { MetadataDecodingError } from '../errors.js';
import { isPlainObject, parseJson, toLocalized } from '../old/localized.js';
import type { OldAttributeSchema, OldCollectionSchema, UrlReference, UrlTemplate } from '../old/types.js';
import { resolveUrl } from '../old/url.js';
import type { PropertyBag } from '../properties.js';

const invalid = (message: string): never => {
  throw new MetadataDecodingError(
    'INVALID_OLD_SCHEMA',
    `Unable to parse collection with v1 schema: ${message}`,
  );
};

/** v1 keeps one JSON value per property; a dotted key (`attributesSchema.0`) is a field of an object. */
export const unpackDottedProperties = (bag: PropertyBag): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const key of bag.keys()) {
    const value = parseJson(bag.text(key)) ?? null;
    const dot = key.indexOf('.');
    if (dot === -1) {
      out[key] = value;
      continue;
    }
    const outer = key.slice(0, dot);
    const rest = key.slice(dot + 1);
    const inner = rest.split('.')[0]!;
    if (!isPlainObject(out[outer])) out[outer] = {};
    (out[outer] as Record<string, unknown>)[inner] = value;
  }
  return out;
};

const urlTemplate = (value: unknown): UrlTemplate | undefined =>
  isPlainObject(value) && typeof value.urlTemplate === 'string'
    ? { urlTemplate: value.urlTemplate }
    : undefined;

const urlReference = (value: unknown): Omit<UrlReference, 'fullUrl'> | undefined => {
  if (!isPlainObject(value)) return undefined;
  const ref: Omit<UrlReference, 'fullUrl'> = {};
  for (const field of ['url', 'urlInfix', 'ipfsCid', 'hash'] as const)
    if (typeof value[field] === 'string') ref[field] = value[field] as string;
  return ref;
};

const attributeSchema = (id: string, value: unknown): OldAttributeSchema => {
  if (!isPlainObject(value)) return invalid(`attributesSchema.${id} is not an object`);
  const name = toLocalized(value.name);
  if (!name) return invalid(`attributesSchema.${id} has no name`);
  const attr: OldAttributeSchema = {
    name,
    type: typeof value.type === 'string' ? value.type : 'string',
    isArray: value.isArray === true,
    optional: value.optional === true,
  };
  if (isPlainObject(value.enumValues)) {
    const enumValues: Record<number, typeof attr.name> = {};
    for (const [k, v] of Object.entries(value.enumValues)) {
      const localized = toLocalized(v);
      if (localized && /^\d+$/.test(k)) enumValues[Number(k)] = localized;
    }
    attr.enumValues = enumValues;
  }
  return attr;
};

/** A v1 collection's schema from its properties (dotted keys, JSON values). */
export const decodeV1CollectionSchema = (bag: PropertyBag): OldCollectionSchema => {
  const raw = unpackDottedProperties(bag);
  const schema: OldCollectionSchema = {
    schemaName: 'unique',
    schemaVersion: typeof raw.schemaVersion === 'string' ? raw.schemaVersion : '1.0.0',
    schemaFamily: 'V1',
    attributesSchema: {},
  };
  for (const field of ['image', 'imagePreview', 'video', 'audio', 'spatialObject'] as const) {
    const template = urlTemplate(raw[field]);
    if (template) schema[field] = template;
  }
  if (typeof raw.attributesSchemaVersion === 'string')
    schema.attributesSchemaVersion = raw.attributesSchemaVersion;
  const cover = urlReference(raw.coverPicture);
  if (cover) schema.coverPicture = resolveUrl(cover, schema.image);
  const coverPreview = urlReference(raw.coverPicturePreview);
  if (coverPreview) schema.coverPicturePreview = resolveUrl(coverPreview, schema.image);
  if (isPlainObject(raw.attributesSchema)) {
    for (const [id, value] of Object.entries(raw.attributesSchema)) {
      if (!/^\d+$/.test(id)) continue;
      schema.attributesSchema[Number(id)] = attributeSchema(id, value);
    }
  }
  return schema;
};
