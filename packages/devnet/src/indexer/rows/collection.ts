import { decodeCollectionFromProperties } from '@nftkit/metadata';
import { bytesToHex, collectionIdToAddress } from '@nftkit/primitives';
import type { DEFAULT_LIMITS } from '../../runtime/common/bounds.js';
import { effectiveLimits } from '../../runtime/common/limits.js';
import {
  type Collection,
  type CollectionLimits,
  type CollectionMode,
  FLAG_ERC721_METADATA,
  FLAG_FOREIGN,
} from '../../runtime/common/types.js';
import type { RuntimeStorage } from '../../runtime/storage.js';
import { indexedProperty } from './properties.js';

/** The indexer names the refungible mode `RFT` (kit spec §9). */
export const INDEXER_MODE: Record<CollectionMode, 'NFT' | 'Fungible' | 'RFT'> = {
  NFT: 'NFT',
  Fungible: 'Fungible',
  ReFungible: 'RFT',
};

/** Stored limit field → the indexer's snake_case name. */
const LIMIT_NAMES: Record<keyof CollectionLimits, string> = {
  accountTokenOwnershipLimit: 'account_token_ownership_limit',
  ownerCanDestroy: 'owner_can_destroy',
  ownerCanTransfer: 'owner_can_transfer',
  sponsorApproveTimeout: 'sponsor_approve_timeout',
  sponsorTransferTimeout: 'sponsor_transfer_timeout',
  sponsoredDataRateLimit: 'sponsored_data_rate_limit',
  sponsoredDataSize: 'sponsored_data_size',
  tokenLimit: 'token_limit',
  transfersEnabled: 'transfers_enabled',
};

type LimitValue = number | boolean | string | { Blocks: number };

const rateLimit = (v: number | 'SponsoringDisabled'): 'SponsoringDisabled' | { Blocks: number } =>
  v === 'SponsoringDisabled' ? v : { Blocks: v };

function limitsOf(c: Collection) {
  const limits: Record<string, LimitValue | null> = {};
  const decoded: Record<string, { key: string; value: LimitValue; isDefaultValue: boolean }> = {};
  const effective = effectiveLimits(c.limits);
  for (const field of Object.keys(LIMIT_NAMES) as (keyof CollectionLimits)[]) {
    const name = LIMIT_NAMES[field];
    const stored = c.limits[field];
    const value = effective[field as keyof typeof DEFAULT_LIMITS];
    const asRow = (v: LimitValue) => (field === 'sponsoredDataRateLimit' ? rateLimit(v as number) : v);
    limits[name] = stored === null ? null : asRow(stored);
    decoded[name] = { key: name, value: asRow(value), isDefaultValue: stored === null };
  }
  return { limits, decodedLimits: decoded };
}

/** The metadata-derived fields: what the collection's properties decode to, or why they do not. */
function infoFields(properties: ReturnType<typeof indexedProperty>[]) {
  const empty = {
    schemaName: null,
    schemaVersion: null,
    originalSchemaVersion: null,
    coverImage: null,
    defaultTokenImage: null,
    potentialAttributes: null,
    customizingSlots: null,
    customizes: null,
    royalties: null,
    collectionInfoError: null as string | null,
  };
  if (properties.length === 0) return empty;
  try {
    const info = decodeCollectionFromProperties(properties);
    return {
      schemaName: info.schemaName,
      schemaVersion: info.schemaVersion,
      originalSchemaVersion: info.originalSchemaVersion ?? null,
      coverImage: info.cover_image ?? null,
      defaultTokenImage: info.default_token_image ?? null,
      potentialAttributes: info.potential_attributes ?? null,
      customizingSlots: info.customizing?.slots ?? null,
      customizes: info.customizing?.customizes ?? null,
      royalties: info.royalties ?? null,
      collectionInfoError: null,
    };
  } catch (e) {
    return { ...empty, collectionInfoError: e instanceof Error ? e.message : String(e) };
  }
}

const keyHex = (key: string) => bytesToHex(new TextEncoder().encode(key));

/**
 * A live collection as an indexer row (rest-api §4.10 "Collection"), without the block stamps the writer adds.
 * Built from the chain state only, so rebuilding it at any block gives what the chain holds then.
 */
export function collectionRow(storage: RuntimeStorage, c: Collection) {
  const properties = storage.common.properties(c.id).map(indexedProperty);
  const sponsor = c.sponsorState === 'Disabled' ? null : c.sponsor;
  const nesting = c.permissions.nesting;
  return {
    collectionId: c.id,
    collectionAddress: collectionIdToAddress(c.id),
    owner: c.owner,
    adminList: storage.common.admins(c.id),
    mode: INDEXER_MODE[c.mode],
    fungiblePieces: null,
    name: c.name,
    description: c.description,
    tokenPrefix: c.tokenPrefix,
    sponsor,
    isSponsorshipConfirmed: sponsor === null ? null : c.sponsorState === 'Confirmed',
    lastTokenId: c.tokensMinted,
    ...limitsOf(c),
    permissions: {
      access: c.permissions.access,
      mint_mode: c.permissions.mintMode,
      nesting: {
        token_owner: nesting.tokenOwner,
        collection_admin: nesting.collectionAdmin,
        restricted: nesting.restricted,
      },
    },
    tokenPropertyPermissions: storage.common.propertyPermissions(c.id).map((p) => ({
      key: p.key,
      keyHex: keyHex(p.key),
      permission: {
        mutable: p.permission.mutable,
        collection_admin: p.permission.collectionAdmin,
        token_owner: p.permission.tokenOwner,
      },
    })),
    properties,
    readOnly: false,
    foreign: (c.flags & FLAG_FOREIGN) !== 0,
    erc721metadata: (c.flags & FLAG_ERC721_METADATA) !== 0,
    ...infoFields(properties),
    isBurned: false,
  };
}

export type CollectionRow = ReturnType<typeof collectionRow>;
