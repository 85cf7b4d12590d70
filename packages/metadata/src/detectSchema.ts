import { SCHEMA_NAME } from './constants.js';
import { type PropertyBag, type PropertyInput, readProperties } from './properties.js';

/** Spec §4 schema families. */
export type SchemaFamily = 'V2' | 'V1' | 'V0' | 'ERC721' | 'UNKNOWN';

export type SchemaDetection = {
  family: SchemaFamily;
  /** The token URI per the chain's `tokenURI` rule, or null. */
  tokenURI: string | null;
};

// v1 stores every property value as JSON, so its name and version arrive quoted.
/** A property value with the JSON quotes some writers put around plain strings removed. */
export const unquote = (text: string | undefined): string | undefined =>
  text !== undefined && text.length >= 2 && text.startsWith('"') && text.endsWith('"')
    ? text.slice(1, -1)
    : text;

const isUniqueName = (text: string | undefined): boolean => unquote(text) === SCHEMA_NAME;

const majorVersion = (text: string | undefined): number | undefined => {
  const match = text === undefined ? null : /^(\d+)(?:[.+-]|$)/.exec(text);
  return match ? Number(match[1]) : undefined;
};

/**
 * The token URI as the chain's ERC-721 `tokenURI` computes it (chain-rules §7): the token's `URI` if
 * non-empty; else the collection's `baseURI` followed by the token's `URISuffix`; nothing without a baseURI.
 */
export const tokenUriOf = (token: PropertyBag, collection: PropertyBag): string | null => {
  const uri = token.text('URI');
  if (uri) return uri;
  const base = collection.text('baseURI');
  if (!base) return null;
  return base + (token.text('URISuffix') ?? '');
};

export const detectFamily = (token: PropertyBag, collection: PropertyBag): SchemaDetection => {
  const unique = isUniqueName(token.text('schemaName')) || isUniqueName(collection.text('schemaName'));
  const major = unique
    ? majorVersion(unquote(token.text('schemaVersion') || collection.text('schemaVersion')))
    : undefined;
  const tokenURI = tokenUriOf(token, collection);
  const family: SchemaFamily =
    major === 2
      ? 'V2'
      : major === 1
        ? 'V1'
        : collection.has('_old_schemaVersion')
          ? 'V0'
          : tokenURI
            ? 'ERC721'
            : 'UNKNOWN';
  return { family, tokenURI };
};

/**
 * The schema family of a collection (and optionally one of its tokens), per spec §4: a Unique
 * schema name with major version 2 → V2, major 1 → V1; the old-schema marker `_old_schemaVersion` → V0;
 * a token URI (`URI`, or `baseURI` + `URISuffix`) otherwise → ERC721; else UNKNOWN.
 *
 * @example
 * detectSchemaFamily([{ key: 'schemaName', value: 'unique' }, { key: 'schemaVersion', value: '2.0.0' }]) // 'V2'
 */
export const detectSchemaFamily = (
  collectionProperties: readonly PropertyInput[] | undefined,
  tokenProperties?: readonly PropertyInput[],
): SchemaFamily => {
  const collection = readProperties(collectionProperties, 'collectionProperties');
  const token =
    tokenProperties === undefined ? collection : readProperties(tokenProperties, 'tokenProperties');
  return detectFamily(token, collection).family;
};
