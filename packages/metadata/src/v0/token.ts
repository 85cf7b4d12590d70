import { bytesToBase64, hexToBytes } from '@nftkit/primitives';
import { MetadataDecodingError } from '../errors.js';
import { isPlainObject, parseJson } from '../old/localized.js';
import type {
  ImageLinkOptions,
  LocalizedValue,
  OldCollectionSchema,
  OldToken,
  OldTokenAttribute,
  UrlReference,
} from '../old/types.js';
import { fillTemplate } from '../old/url.js';
import type { PropertyBag } from '../properties.js';
import { imageLinks, isImageTemplate } from './collection.js';
import { IPFS_JSON_FIELD, parseV0OnChainSchema, type V0Field } from './onChainSchema.js';

export type V0TokenOptions = ImageLinkOptions & { tokenId?: number };

const scalarValue = (value: unknown): string | number => {
  if (typeof value === 'number' || typeof value === 'string') return value;
  // protobufjs gives 64-bit integers as Long objects; keep exact integers as numbers only when safe.
  const text = String(value);
  const n = Number(text);
  return /^-?\d+$/.test(text) && Number.isSafeInteger(n) ? n : text;
};

const fieldValue = (field: V0Field, raw: unknown): LocalizedValue => {
  if (field.enumValues) return field.enumValues[raw as number] ?? { _: String(raw) };
  if (raw instanceof Uint8Array) return { _: bytesToBase64(raw) };
  if (typeof raw === 'boolean') return { _: String(raw) };
  return { _: scalarValue(raw) };
};

/** A v0 token from `_old_constData` (protobuf bytes) and the collection's on-chain schema. */
export const decodeV0Token = (
  bag: PropertyBag,
  schema: OldCollectionSchema,
  options?: V0TokenOptions,
): OldToken => {
  const constOnChainSchema = schema.oldProperties?._old_constOnChainSchema;
  if (!constOnChainSchema)
    throw new MetadataDecodingError(
      'OLD_SCHEMA_MISSING',
      "collection doesn't contain _old_constOnChainSchema field",
    );
  const { type, fields } = parseV0OnChainSchema(constOnChainSchema);
  const constData = bag.hex('_old_constData');
  if (constData === undefined)
    throw new MetadataDecodingError('OLD_CONST_DATA_MISSING', 'no _old_constData property found');
  let message: Record<string, unknown>;
  try {
    message = type.toObject(type.decode(hexToBytes(constData)), { defaults: false, arrays: false }) as Record<
      string,
      unknown
    >;
  } catch (err) {
    throw new MetadataDecodingError(
      'OLD_TOKEN_UNPARSABLE',
      `Unable to parse token with old schema, error on decoding Protobuf: ${(err as Error).message}`,
      { cause: err },
    );
  }
  const attributes: Record<number, OldTokenAttribute> = {};
  fields.forEach((field, i) => {
    const raw = message[field.name];
    if (raw === undefined || raw === null) return;
    const isArray = field.repeated && Array.isArray(raw);
    const value = isArray ? (raw as unknown[]).map((r) => fieldValue(field, r)) : fieldValue(field, raw);
    attributes[i] = {
      name: { _: field.name },
      type: field.enumValues ? 'string' : field.scalar === 'string' ? 'string' : 'float',
      value,
      isArray,
      isEnum: field.enumValues !== undefined,
      rawValue: raw,
    };
  });
  return { image: v0Image(schema, message, options), attributes };
};

const v0Image = (
  schema: OldCollectionSchema,
  message: Record<string, unknown>,
  options?: V0TokenOptions,
): UrlReference => {
  const { imageUrlTemplate, dummyImageUrl } = imageLinks(options);
  if (schema.oldProperties?._old_schemaVersion === 'Unique') {
    const ipfs = parseJson(
      typeof message[IPFS_JSON_FIELD] === 'string' ? (message[IPFS_JSON_FIELD] as string) : undefined,
    );
    if (isPlainObject(ipfs) && typeof ipfs.ipfs === 'string')
      return { ipfsCid: ipfs.ipfs, fullUrl: fillTemplate(imageUrlTemplate, '{infix}', ipfs.ipfs) };
  }
  const offchainSchema = schema.oldProperties?._old_offchainSchema;
  if (isImageTemplate(offchainSchema)) {
    const tokenId = options?.tokenId;
    if (typeof tokenId !== 'number' || !Number.isInteger(tokenId) || tokenId < 0)
      throw new MetadataDecodingError(
        'TOKEN_ID_REQUIRED',
        'Decoding token in Unique schema v0: tokenId is required to parse this token and it is not provided. Please pass it inside options param.',
      );
    const id = String(tokenId);
    return { urlInfix: id, fullUrl: fillTemplate(offchainSchema, '{id}', id) };
  }
  return { url: dummyImageUrl, fullUrl: null };
};
