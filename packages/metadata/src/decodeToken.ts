import { decodeV2Token } from './decodeV2.js';
import { detectFamily, type SchemaFamily } from './detectSchema.js';
import { MetadataDecodingError, MetadataError, type MetadataErrorCode } from './errors.js';
import { decodeOldCollectionSchema, decodeOldToken } from './old/decodeOld.js';
import { oldTokenToV2 } from './old/toV2.js';
import type { ImageLinkOptions, OldCollectionSchema } from './old/types.js';
import { type PropertyBag, type PropertyInput, readProperties } from './properties.js';
import { decodeRoyaltiesV2 } from './royalties/v2.js';
import type { TokenData } from './schemas/token.js';

export type DecodeTokenOptions = ImageLinkOptions & {
  /** The collection's properties: needed for v0/v1 tokens and for `baseURI`. */
  collectionProperties?: readonly PropertyInput[];
  /** A v0/v1 collection schema decoded before (`decodeOldCollectionSchema`), to skip decoding it per token. */
  collectionSchema?: OldCollectionSchema;
  /** The token id: needed by v0 collections whose images come from a template with `{id}`. */
  tokenId?: number;
};

export const UNKNOWN_TOKEN_SCHEMA_MESSAGE =
  'Unknown token schema version - not Unique v2, v1 or v0 and not ERC721Metadata-compatible';

export type TokenDecodingPlan =
  | { kind: 'json'; family: 'V2' | 'ERC721'; token: PropertyBag; tokenURI: string | null }
  | { kind: 'old'; family: 'V0' | 'V1'; token: PropertyBag; properties: readonly PropertyInput[] };

/** Reads the inputs and picks the decoder; `undefined` when no decoder knows the token. */
const planOrUnknown = (
  tokenProperties: unknown,
  options?: DecodeTokenOptions,
): TokenDecodingPlan | undefined => {
  const token = readProperties(tokenProperties, 'tokenProperties');
  const collection = readProperties(options?.collectionProperties, 'collectionProperties');
  const oldFamily = options?.collectionSchema?.schemaFamily;
  const { family, tokenURI }: { family: SchemaFamily; tokenURI: string | null } =
    oldFamily === 'V0' || oldFamily === 'V1'
      ? { family: oldFamily, tokenURI: null }
      : detectFamily(token, collection);
  if (family === 'V2' || family === 'ERC721') return { kind: 'json', family, token, tokenURI };
  if (family === 'V0' || family === 'V1')
    return { kind: 'old', family, token, properties: tokenProperties as PropertyInput[] };
  return undefined;
};

/** Reads the inputs and picks the decoder (shared by the sync and async entry points). */
export const planTokenDecoding = (
  tokenProperties: unknown,
  options?: DecodeTokenOptions,
): TokenDecodingPlan => {
  const plan = planOrUnknown(tokenProperties, options);
  if (!plan) throw new MetadataDecodingError('UNKNOWN_TOKEN_SCHEMA_VERSION', UNKNOWN_TOKEN_SCHEMA_MESSAGE);
  return plan;
};

export const decodeOldFamilyToken = (
  family: 'V0' | 'V1',
  token: PropertyBag,
  tokenProperties: readonly PropertyInput[],
  options?: DecodeTokenOptions,
): TokenData => {
  let schema = options?.collectionSchema;
  if (!schema) {
    if (!Array.isArray(options?.collectionProperties))
      throw new MetadataDecodingError(
        'COLLECTION_PROPERTIES_REQUIRED',
        'Collection properties are required for decoding tokens in Unique schema for versions less than v2 and no pre-decoded schema have been provided',
      );
    schema = decodeOldCollectionSchema(options.collectionProperties, family, options);
  }
  const old = decodeOldToken(tokenProperties, schema, options);
  const royaltiesHex = token.hex('royalties');
  return oldTokenToV2(old, schema, royaltiesHex === undefined ? [] : decodeRoyaltiesV2(royaltiesHex));
};

/**
 * On-chain token properties → token metadata in the 2.0.0 form. v2 tokens decode their `tokenData`
 * (royalties from the `royalties` property); v1 and v0 tokens are converted (`originalSchemaVersion`
 * tells which) and need the collection's properties. ERC721 tokens decode here only when they also
 * carry `tokenData`; use `decodeTokenFromPropertiesAsync` with a fetch function to read their URI.
 *
 * @example
 * decodeTokenFromProperties(encodeTokenToProperties({ name: 'Snake #1' })) // { schemaName: 'unique', schemaVersion: '2.0.0', name: 'Snake #1' }
 */
export const decodeTokenFromProperties = (
  tokenProperties: readonly PropertyInput[],
  options?: DecodeTokenOptions,
): TokenData => {
  const plan = planTokenDecoding(tokenProperties, options);
  return decodePlan(plan, options);
};

const decodePlan = (plan: TokenDecodingPlan, options?: DecodeTokenOptions): TokenData =>
  plan.kind === 'json'
    ? decodeV2Token(plan.token)
    : decodeOldFamilyToken(plan.family, plan.token, plan.properties, options);

/** A token's metadata, or why it has none: the `code` and `message` {@link decodeTokenFromProperties} would throw. */
export type TokenDecoding =
  | { ok: true; data: TokenData }
  | { ok: false; code: MetadataErrorCode; message: string };

/**
 * {@link decodeTokenFromProperties} as a result instead of an exception, for code that lists many tokens: a token
 * with no known schema (a plain NFT without properties, say) is common there, and answering it takes no error
 * object (whose stack trace cost more than the decoding). Input that is not a property list still throws.
 *
 * @example
 * tryDecodeTokenFromProperties([]) // { ok: false, code: 'UNKNOWN_TOKEN_SCHEMA_VERSION', message: 'Unknown token schema version - …' }
 */
export const tryDecodeTokenFromProperties = (
  tokenProperties: readonly PropertyInput[],
  options?: DecodeTokenOptions,
): TokenDecoding => {
  const plan = planOrUnknown(tokenProperties, options);
  if (!plan)
    return { ok: false, code: 'UNKNOWN_TOKEN_SCHEMA_VERSION', message: UNKNOWN_TOKEN_SCHEMA_MESSAGE };
  try {
    return { ok: true, data: decodePlan(plan, options) };
  } catch (e) {
    if (e instanceof MetadataError) return { ok: false, code: e.code, message: e.message };
    throw e;
  }
};
