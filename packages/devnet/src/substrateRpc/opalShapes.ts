import { isEthereumAddress } from '@nftkit/primitives';
import {
  type Collection,
  type CollectionLimits,
  type CollectionPermissions,
  FLAG_ERC721_METADATA,
  FLAG_FOREIGN,
  type PropertyPermission,
  type StoredProperty,
} from '../runtime/common/types.js';

/**
 * The devnet's records in the shapes of Opal's Rust types (`up_data_structs::*`, `pallet_evm`'s cross account id)
 * as serde writes them to JSON: snake_case fields, byte vectors as arrays of numbers, unit variants as their name,
 * `Option::None` as `null`, a cross account id as `{ substrate }` / `{ ethereum }` (its `rename_all = "camelCase"`).
 * Unique's RPC answers in these shapes, and `@polkadot/types` reads them into Opal's types, so the storage values
 * are built from them too: one description of each type for both.
 */

export type CrossAccountJson = { substrate: string } | { ethereum: string };
export type PropertyJson = { key: number[]; value: number[] };

const utf8 = new TextEncoder();

/** A stored account (an SS58 address, or an Ethereum one for Ethereum accounts and token addresses). */
export function crossAccountJson(account: string): CrossAccountJson {
  return isEthereumAddress(account) ? { ethereum: account.toLowerCase() } : { substrate: account };
}

export const bytesJson = (bytes: Uint8Array): number[] => Array.from(bytes);

/** A string as Opal keeps collection names and descriptions: UTF-16 code units. */
export function utf16Json(s: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) out.push(s.charCodeAt(i));
  return out;
}

export const propertyJson = (p: StoredProperty): PropertyJson => ({
  key: bytesJson(utf8.encode(p.key)),
  value: bytesJson(p.value),
});

export const propertyPermissionJson = (p: PropertyPermission) => ({
  mutable: p.mutable,
  collection_admin: p.collectionAdmin,
  token_owner: p.tokenOwner,
});

export const propertyKeyPermissionJson = (p: { key: string; permission: PropertyPermission }) => ({
  key: bytesJson(utf8.encode(p.key)),
  permission: propertyPermissionJson(p.permission),
});

export const modeJson = (c: Collection): 'NFT' | 'ReFungible' | { Fungible: number } =>
  c.mode === 'Fungible' ? { Fungible: c.decimals ?? 0 } : c.mode;

export const sponsorshipJson = (
  c: Collection,
): 'Disabled' | { Unconfirmed: string } | { Confirmed: string } =>
  c.sponsorState === 'Disabled' || !c.sponsor
    ? 'Disabled'
    : c.sponsorState === 'Confirmed'
      ? { Confirmed: c.sponsor }
      : { Unconfirmed: c.sponsor };

/** `CollectionLimits`: every field `Option`, `null` where the collection never set it (the chain default applies). */
export function limitsJson(l: CollectionLimits) {
  const rate = l.sponsoredDataRateLimit;
  return {
    account_token_ownership_limit: l.accountTokenOwnershipLimit,
    sponsored_data_size: l.sponsoredDataSize,
    sponsored_data_rate_limit: rate === null ? null : rate === 'SponsoringDisabled' ? rate : { Blocks: rate },
    token_limit: l.tokenLimit,
    sponsor_transfer_timeout: l.sponsorTransferTimeout,
    sponsor_approve_timeout: l.sponsorApproveTimeout,
    owner_can_transfer: l.ownerCanTransfer,
    owner_can_destroy: l.ownerCanDestroy,
    transfers_enabled: l.transfersEnabled,
  };
}

/** `CollectionPermissions`: the devnet keeps the resolved values, so each field is `Some`. */
export const permissionsJson = (p: CollectionPermissions) => ({
  access: p.access,
  mint_mode: p.mintMode,
  nesting: {
    token_owner: p.nesting.tokenOwner,
    collection_admin: p.nesting.collectionAdmin,
    restricted: p.nesting.restricted ? [...p.nesting.restricted].sort((a, b) => a - b) : null,
  },
});

/** The fields `Collection` (storage) and `RpcCollection` share. */
const collectionCore = (c: Collection) => ({
  owner: c.owner,
  mode: modeJson(c),
  name: utf16Json(c.name),
  description: utf16Json(c.description),
  token_prefix: bytesJson(utf8.encode(c.tokenPrefix)),
  sponsorship: sponsorshipJson(c),
  limits: limitsJson(c.limits),
  permissions: permissionsJson(c.permissions),
});

/** `Common.CollectionById`'s value (`up_data_structs::Collection`); `flags` is the packed `[u8; 1]`. */
export const collectionJson = (c: Collection) => ({ ...collectionCore(c), flags: [c.flags] });

/** `unique_collectionById`'s answer (`RpcCollection`): the collection with its properties and permissions. */
export const rpcCollectionJson = (
  c: Collection,
  properties: readonly StoredProperty[],
  permissions: readonly { key: string; permission: PropertyPermission }[],
) => ({
  ...collectionCore(c),
  token_property_permissions: permissions.map(propertyKeyPermissionJson),
  properties: properties.map(propertyJson),
  // Read-only collections are foreign ones under XCM's control: the devnet creates none.
  read_only: false,
  flags: { foreign: (c.flags & FLAG_FOREIGN) !== 0, erc721metadata: (c.flags & FLAG_ERC721_METADATA) !== 0 },
});
