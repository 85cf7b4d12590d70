import type { TokenData } from '@nftkit/metadata';
import {
  collectionIdToAddress,
  isNestingAddress,
  nestingAddressFromIds,
  normalizeAddress,
} from '@nftkit/primitives';
import type { StoredProperty } from '../../runtime/common/types.js';
import type { RuntimeStorage } from '../../runtime/storage.js';
import { topmostOwnerOf } from '../../runtime/structure/nesting.js';
import { decodedProperty, decodeStoredToken } from '../../views/properties.js';
import { rftOwnerRecord } from '../../views/refungible.js';
import { indexedProperty } from './properties.js';

const nullable = <T>(v: T | undefined): T | null => (v === undefined ? null : v);

/** The metadata fields of a parsed NFT row, camelCase at the top level only (rest-api §4.10 "NFT"). */
function metadataFields(data: TokenData | undefined) {
  return {
    schemaName: nullable(data?.schemaName),
    schemaVersion: nullable(data?.schemaVersion),
    originalSchemaVersion: nullable(data?.originalSchemaVersion),
    name: nullable(data?.name),
    description: nullable(data?.description),
    image: nullable(data?.image),
    imageDetails: nullable(data?.image_details),
    attributes: nullable(data?.attributes) as Record<string, unknown>[] | null,
    media: nullable(data?.media),
    royalties: nullable(data?.royalties),
    customizing: nullable(data?.customizing),
    customizingOverrides: nullable(data?.customizing_overrides),
    animationUrl: nullable(data?.animation_url),
    animationDetails: nullable(data?.animation_details),
    youtubeUrl: nullable(data?.youtube_url),
    createdBy: nullable(data?.created_by),
    backgroundColor: nullable(data?.background_color),
    externalUrl: nullable(data?.external_url),
    locale: nullable(data?.locale),
  };
}

/** The live token (NFT or refungible) behind an indexer row: its owner as the token views show it. */
export type IndexedToken = { collectionId: number; tokenId: number; owner: string };

/**
 * The live token of an NFT or refungible collection, if it exists: a refungible token's owner is the holder of
 * every piece, or the many-owners address when they are spread (as `/token` and `ownerOf` show it).
 */
export function liveToken(
  storage: RuntimeStorage,
  collectionId: number,
  tokenId: number,
): IndexedToken | undefined {
  const nft = storage.nonfungible.token(collectionId, tokenId);
  if (nft) return nft;
  const rft = rftOwnerRecord(storage, collectionId, tokenId);
  return rft && { collectionId, tokenId, owner: rft.owner };
}

/**
 * A live NFT or refungible token as an indexer row, its metadata decoded with `@nftkit/metadata` (a token that
 * does not decode keeps its properties and says why in `tokenInfoError`). Block stamps are the writer's.
 */
export function nftRow(
  storage: RuntimeStorage,
  t: IndexedToken,
  collectionProperties: readonly StoredProperty[] = storage.common.properties(t.collectionId),
) {
  const { collectionId, tokenId } = t;
  const isRefungible = storage.refungible.token(collectionId, tokenId) !== undefined;
  const stored = (isRefungible ? storage.refungible : storage.nonfungible).properties.all(
    collectionId,
    tokenId,
  );
  const properties = stored.map(indexedProperty);
  const decoding = decodeStoredToken(stored.map(decodedProperty), {
    collectionProperties: collectionProperties.map(decodedProperty),
    tokenId,
  });
  const data: TokenData | undefined = decoding.ok ? decoding.data : undefined;
  const tokenInfoError = decoding.ok ? null : decoding.message;
  let topmostOwner: string | null = t.owner;
  try {
    topmostOwner = topmostOwnerOf(storage, t.owner);
  } catch {
    topmostOwner = null;
  }
  const tokenAddress = nestingAddressFromIds(collectionId, tokenId);
  return {
    key: `${collectionId}-${tokenId}`,
    collectionId,
    tokenId,
    collectionAddress: collectionIdToAddress(collectionId),
    tokenAddress,
    owner: t.owner,
    topmostOwner,
    isBundle:
      isNestingAddress(t.owner) ||
      storage.nonfungible.hasChildren(tokenAddress) ||
      storage.refungible.tokensOf(tokenAddress).length > 0,
    properties,
    ...metadataFields(data),
    tokenInfoError,
    isBurned: false,
  };
}

export type NftRow = ReturnType<typeof nftRow>;

/** The royalty recipients of a row (normalized), for `royaltyRecipientIn`. */
export function royaltyRecipients(row: NftRow): string[] {
  const out = new Set<string>();
  for (const r of (row.royalties ?? []) as { address?: unknown }[]) {
    if (typeof r.address !== 'string') continue;
    try {
      out.add(normalizeAddress(r.address));
    } catch {
      // a recipient the metadata decoder let through but that is no address cannot be filtered on
    }
  }
  return [...out];
}

/** `(trait_type, value)` pairs of a row's attributes as text, for the attribute filters. */
export function attributePairs(row: NftRow): { traitType: string; value: string }[] {
  const out: { traitType: string; value: string }[] = [];
  for (const a of row.attributes ?? []) {
    const trait = a.trait_type;
    const value = a.value;
    if (typeof trait !== 'string') continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      out.push({ traitType: trait, value: String(value) });
    else if (value && typeof value === 'object') out.push({ traitType: trait, value: JSON.stringify(value) });
  }
  return out;
}
