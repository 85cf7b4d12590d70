import { isPlainObject, parseJson, toLocalized } from '../old/localized.js';
import type {
  LocalizedValue,
  OldCollectionSchema,
  OldToken,
  OldTokenAttribute,
  UrlReference,
} from '../old/types.js';
import { resolveUrl } from '../old/url.js';
import type { PropertyBag } from '../properties.js';

// v1 token file fields: a key prefix per file, then .i (url infix), .u (url), .c (IPFS CID), .h (hash).
const FILE_FIELDS = [
  ['i', 'image'],
  ['p', 'imagePreview'],
  ['v', 'video'],
  ['au', 'audio'],
  ['so', 'spatialObject'],
] as const;

const fileReference = (bag: PropertyBag, prefix: string): Omit<UrlReference, 'fullUrl'> | undefined => {
  const parts = [
    ['urlInfix', bag.text(`${prefix}.i`)],
    ['url', bag.text(`${prefix}.u`)],
    ['ipfsCid', bag.text(`${prefix}.c`)],
    ['hash', bag.text(`${prefix}.h`)],
  ] as const;
  if (parts.every(([, v]) => v === undefined)) return undefined;
  const ref: Omit<UrlReference, 'fullUrl'> = {};
  for (const [field, value] of parts) if (value !== undefined) ref[field] = value;
  return ref;
};

const decodeAttribute = (
  schema: OldCollectionSchema,
  id: number,
  rawValue: unknown,
): OldTokenAttribute | undefined => {
  const attr = schema.attributesSchema[id];
  if (!attr) return undefined;
  let value: unknown = rawValue;
  if (attr.enumValues) {
    const enumValues = attr.enumValues;
    if (attr.isArray && Array.isArray(rawValue))
      value = rawValue
        .map((v) => (typeof v === 'number' ? enumValues[v] : undefined))
        .filter((v) => v !== undefined);
    else if (typeof rawValue === 'number') value = enumValues[rawValue];
  } else if (attr.isArray && Array.isArray(rawValue)) {
    value = rawValue.map(toLocalized).filter((v): v is LocalizedValue => v !== undefined);
  } else if (isPlainObject(rawValue)) {
    value = toLocalized(rawValue);
  }
  return {
    name: attr.name,
    type: attr.type,
    value,
    isArray: attr.isArray,
    isEnum: attr.enumValues !== undefined,
    rawValue,
  };
};

/** A v1 token from its properties: `n` name, `d` description, file fields, `a.N` attribute values. */
export const decodeV1Token = (bag: PropertyBag, schema: OldCollectionSchema): OldToken => {
  const token: OldToken = { image: resolveUrl(fileReference(bag, 'i'), schema.image), attributes: {} };
  const name = toLocalized(parseJson(bag.text('n')));
  if (name) token.name = name;
  const description = toLocalized(parseJson(bag.text('d')));
  if (description) token.description = description;
  for (const [prefix, field] of FILE_FIELDS) {
    if (field === 'image') continue;
    const ref = fileReference(bag, prefix);
    if (ref) token[field] = resolveUrl(ref, schema[field]);
  }
  for (const key of bag.keys()) {
    if (!key.startsWith('a.')) continue;
    const id = key.slice(2).split('.')[0]!;
    if (!/^\d+$/.test(id)) continue;
    const attribute = decodeAttribute(schema, Number(id), parseJson(bag.text(key)) ?? null);
    if (attribute) token.attributes[Number(id)] = attribute;
  }
  return token;
};
