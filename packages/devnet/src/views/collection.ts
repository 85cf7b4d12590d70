import { decodeCollectionFromProperties } from '@nftkit/metadata';
import { collectionIdToAddress } from '@nftkit/primitives';
import { FLAG_ERC721_METADATA, FLAG_FOREIGN } from '../runtime/common/types.js';
import type { RuntimeStorage } from '../runtime/storage.js';
import { decodedProperty } from './properties.js';

export type CollectionViewFlags = {
  withAdmins?: boolean;
  withLimits?: boolean;
  withLastTokenId?: boolean;
  withTotalSupply?: boolean;
};

/** A collection as `/collection` answers it; `undefined` when it does not exist. */
export function collectionView(storage: RuntimeStorage, id: number, flags: CollectionViewFlags = {}) {
  const c = storage.common.collection(id);
  if (!c) return undefined;
  const properties = storage.common.properties(id).map(decodedProperty);
  let info: Record<string, unknown> | null = null;
  let infoDecodingError: string | null = null;
  if (properties.length > 0) {
    try {
      info = decodeCollectionFromProperties(properties) as Record<string, unknown>;
    } catch (e) {
      infoDecodingError = e instanceof Error ? e.message : String(e);
    }
  }
  const nesting = c.permissions.nesting;
  return {
    collectionId: c.id,
    collectionAddress: collectionIdToAddress(c.id),
    owner: c.owner,
    mode: c.mode,
    decimals: c.decimals,
    name: c.name,
    description: c.description,
    symbol: c.tokenPrefix,
    properties,
    tokenPropertyPermissions: storage.common.propertyPermissions(id),
    limits: flags.withLimits === false ? null : c.limits,
    permissions: {
      access: c.permissions.access,
      mintMode: c.permissions.mintMode,
      nesting: {
        tokenOwner: nesting.tokenOwner,
        collectionAdmin: nesting.collectionAdmin,
        ...(nesting.restricted ? { restricted: nesting.restricted } : {}),
      },
    },
    sponsorship: {
      isEnabled: c.sponsorState !== 'Disabled',
      isConfirmed: c.sponsorState === 'Confirmed',
      sponsor: c.sponsor,
    },
    admins: flags.withAdmins === false ? null : storage.common.admins(id),
    lastTokenId: flags.withLastTokenId === false ? null : c.tokensMinted,
    totalSupply: flags.withTotalSupply === false ? null : c.tokensMinted - c.tokensBurnt,
    readOnly: false,
    info,
    infoDecodingError,
    universalLocation: null,
    originalUniversalLocation: null,
    isForeign: (c.flags & FLAG_FOREIGN) !== 0,
    isErc721Metadata: (c.flags & FLAG_ERC721_METADATA) !== 0,
  };
}
