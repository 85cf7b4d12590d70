import protobuf from 'protobufjs';
import { MetadataDecodingError } from '../errors.js';
import { parseJson, toLocalized } from '../old/localized.js';
import type { LocalizedValue } from '../old/types.js';

/** The protobuf message type v0 tokens are encoded with. */
export const NFT_META_TYPE = 'onChainMetaData.NFTMeta';
/** The v0 field holding `{"ipfs": cid}` of the token image rather than an attribute. */
export const IPFS_JSON_FIELD = 'ipfsJson';

export type V0Field = {
  name: string;
  repeated: boolean;
  required: boolean;
  /** For enum fields: value number → its localized text (from the enum's options), and value name → number. */
  enumValues?: Record<number, LocalizedValue>;
  enumNames?: Record<string, number>;
  scalar?: string;
};

export type V0OnChainSchema = { type: protobuf.Type; fields: V0Field[] };

const INTEGER_TYPES = new Set([
  'int32',
  'uint32',
  'sint32',
  'fixed32',
  'sfixed32',
  'int64',
  'uint64',
  'sint64',
  'fixed64',
  'sfixed64',
]);

/** The attribute type an old schema reports for a protobuf scalar. */
export const scalarAttributeType = (scalar: string | undefined): string =>
  scalar === undefined || scalar === 'string' || scalar === 'bytes'
    ? 'string'
    : INTEGER_TYPES.has(scalar)
      ? 'integer'
      : scalar === 'bool'
        ? 'boolean'
        : 'float';

const cache = new Map<string, V0OnChainSchema>();

/**
 * Parses `_old_constOnChainSchema` (protobufjs JSON with `onChainMetaData.NFTMeta` and its enums;
 * each enum's `options` maps a value name to JSON of its localized text). Parsed schemas are cached
 * by text, since every token of a collection shares one.
 */
export const parseV0OnChainSchema = (text: string): V0OnChainSchema => {
  const cached = cache.get(text);
  if (cached) return cached;
  let type: protobuf.Type;
  try {
    const json = JSON.parse(text) as protobuf.INamespace;
    const root = protobuf.Root.fromJSON(json);
    type = root.lookupType(NFT_META_TYPE);
    root.resolveAll();
  } catch (err) {
    throw new MetadataDecodingError(
      'INVALID_OLD_SCHEMA',
      `Unable to parse collection with old schema, invalid _old_constOnChainSchema: ${(err as Error).message}`,
      { cause: err },
    );
  }
  const fields: V0Field[] = [];
  for (const field of type.fieldsArray) {
    if (field.name === IPFS_JSON_FIELD) continue;
    const out: V0Field = { name: field.name, repeated: field.repeated, required: field.required };
    const resolved = field.resolvedType;
    if (resolved instanceof protobuf.Enum) {
      const enumValues: Record<number, LocalizedValue> = {};
      const options = resolved.options ?? {};
      for (const [valueName, number] of Object.entries(resolved.values)) {
        const localized = toLocalized(parseJson(String(options[valueName] ?? '')));
        enumValues[number] = localized ?? { _: valueName };
      }
      out.enumValues = enumValues;
      out.enumNames = { ...resolved.values };
    } else if (resolved === null) {
      out.scalar = field.type;
    } else {
      throw new MetadataDecodingError(
        'INVALID_OLD_SCHEMA',
        `Unable to parse collection with old schema, field ${field.name} is a message, not an attribute`,
      );
    }
    fields.push(out);
  }
  const schema = { type, fields };
  if (cache.size > 256) cache.clear();
  cache.set(text, schema);
  return schema;
};
