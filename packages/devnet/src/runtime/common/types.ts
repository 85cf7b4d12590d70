export type CollectionMode = 'NFT' | 'Fungible' | 'ReFungible';

/** Stored limits keep `null` for fields never set (chain-rules §1.5); `effectiveLimits` fills the defaults in. */
export type CollectionLimits = {
  accountTokenOwnershipLimit: number | null;
  sponsoredDataSize: number | null;
  sponsoredDataRateLimit: number | 'SponsoringDisabled' | null;
  tokenLimit: number | null;
  sponsorTransferTimeout: number | null;
  sponsorApproveTimeout: number | null;
  ownerCanTransfer: boolean | null;
  ownerCanDestroy: boolean | null;
  transfersEnabled: boolean | null;
};

export type NestingPermissions = {
  tokenOwner: boolean;
  collectionAdmin: boolean;
  restricted: number[] | null;
};

export type CollectionPermissions = {
  access: 'Normal' | 'AllowList';
  mintMode: boolean;
  nesting: NestingPermissions;
};

export type SponsorState = 'Disabled' | 'Unconfirmed' | 'Confirmed';

export type Collection = {
  id: number;
  owner: string;
  mode: CollectionMode;
  decimals: number | null;
  name: string;
  description: string;
  tokenPrefix: string;
  flags: number;
  sponsorState: SponsorState;
  sponsor: string | null;
  limits: CollectionLimits;
  permissions: CollectionPermissions;
  tokensMinted: number;
  tokensBurnt: number;
  propertiesConsumed: number;
};

export type PropertyPermission = { mutable: boolean; collectionAdmin: boolean; tokenOwner: boolean };
export type StoredProperty = { key: string; value: Uint8Array };

export const MODE_CODE: Record<CollectionMode, number> = { NFT: 1, Fungible: 2, ReFungible: 3 };

export const EMPTY_LIMITS: CollectionLimits = {
  accountTokenOwnershipLimit: null,
  sponsoredDataSize: null,
  sponsoredDataRateLimit: null,
  tokenLimit: null,
  sponsorTransferTimeout: null,
  sponsorApproveTimeout: null,
  ownerCanTransfer: null,
  ownerCanDestroy: null,
  transfersEnabled: null,
};

export const DEFAULT_PERMISSIONS: CollectionPermissions = {
  access: 'Normal',
  mintMode: false,
  nesting: { tokenOwner: false, collectionAdmin: false, restricted: null },
};

/**
 * `CollectionFlags` is a bit-packed u8 numbered from the most significant bit: bit 0 foreign (0x80), bit 1
 * erc721metadata (0x40, the `flags: 64` of schema-2 collections), bits 2–6 reserved, bit 7 external (0x01).
 */
export const FLAG_FOREIGN = 0x80;
export const FLAG_ERC721_METADATA = 0x40;
export const FLAG_EXTERNAL = 0x01;
