import { addressesEqual } from '@nftkit/primitives';
import { MetadataDecodingError } from './errors.js';
import type { PropertyBag } from './properties.js';
import { decodeRoyaltiesV2 } from './royalties/v2.js';
import type { Royalty } from './schemas/royalty.js';
import type { TokenData } from './schemas/token.js';
import { storedSchemaVersion } from './storedSchemaVersion.js';
import { parseTokenData } from './validate.js';

const unparsable = (): never => {
  throw new MetadataDecodingError('TOKEN_DATA_UNPARSABLE', 'Unable to parse tokenData JSON');
};

/** Spec §5: a token's data must parse as a JSON object. */
export const parseTokenDataJson = (text: string | undefined): Record<string, unknown> => {
  if (text === undefined) return unparsable();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return unparsable();
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return unparsable();
  return value as Record<string, unknown>;
};

const sameAccount = (a: string, b: string): boolean => {
  if (a === b) return true;
  try {
    return addressesEqual(a, b);
  } catch {
    return false;
  }
};

const sameRoyalties = (a: readonly Royalty[], b: readonly Royalty[]): boolean =>
  a.length === b.length &&
  a.every((r, i) => {
    const s = b[i]!;
    return (
      r.percent === s.percent && !!r.isPrimaryOnly === !!s.isPrimaryOnly && sameAccount(r.address, s.address)
    );
  });

/**
 * The royalties a v2 token really has: the ones stored in its `royalties` property (what marketplaces
 * enforce), not the copy inside tokenData. When both agree, tokenData's spelling of the addresses is kept.
 */
export const royaltiesOf = (data: TokenData, royaltiesHex: string | undefined): Royalty[] | undefined => {
  if (royaltiesHex === undefined) return undefined;
  const stored = decodeRoyaltiesV2(royaltiesHex);
  return data.royalties && sameRoyalties(data.royalties, stored) ? data.royalties : stored;
};

/** Token metadata from a JSON text, validated, with its royalties taken from the binary `royalties` property. */
export const decodeTokenDataText = (
  text: string | undefined,
  royaltiesHex: string | undefined,
): TokenData => {
  const data = parseTokenData(parseTokenDataJson(text));
  const royalties = royaltiesOf(data, royaltiesHex);
  if (royalties === undefined) delete data.royalties;
  else data.royalties = royalties;
  return data;
};

export const decodeV2Token = (token: PropertyBag): TokenData => {
  const data = decodeTokenDataText(token.text('tokenData'), token.hex('royalties'));
  const version = storedSchemaVersion(token);
  if (version !== undefined) data.schemaVersion = version;
  return data;
};
