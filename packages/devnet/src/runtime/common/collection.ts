import { hexToBytes } from '@nftkit/primitives';
import { BalancesEvent, depositInto, withdraw } from '../balances/pallet.js';
import { type DispatchContext, deposit } from '../context.js';
import { TREASURY_ADDRESS } from '../treasury.js';
import { UniqueError } from '../unique/errors.js';
import { checkIsOwner, checkIsOwnerOrAdmin, collectionForManagement } from './access.js';
import {
  COLLECTION_ADMINS_LIMIT,
  COLLECTION_NUMBER_LIMIT,
  MAX_COLLECTION_PROPERTIES_SIZE,
  MAX_DECIMAL_POINTS,
  MAX_PROPERTIES_PER_ITEM,
  MAX_TOKEN_PREFIX_LENGTH,
} from './bounds.js';
import { CommonError } from './errors.js';
import { CommonEvent } from './events.js';
import { effectiveLimits, mergeLimits } from './limits.js';
import { checkPropertyKey, deleteFromMap, type PropertyMapView, setInMap } from './properties.js';
import {
  type Collection,
  type CollectionLimits,
  type CollectionMode,
  type CollectionPermissions,
  DEFAULT_PERMISSIONS,
  EMPTY_LIMITS,
  FLAG_ERC721_METADATA,
  MODE_CODE,
  type PropertyPermission,
} from './types.js';

/** `CollectionCreationPrice = 2 * UNIQUE` (chain-rules §1.1). */
export const COLLECTION_CREATION_FEE = 2n * 10n ** 18n;

export type PropertyInput = { key: string; value: string /* 0x-hex */ };
export type PermissionsUpdate = {
  access?: 'Normal' | 'AllowList' | undefined;
  mintMode?: boolean | undefined;
  nesting?:
    | {
        tokenOwner?: boolean | undefined;
        collectionAdmin?: boolean | undefined;
        restricted?: number[] | null | undefined;
      }
    | undefined;
};

export type CreateCollectionData = {
  mode: CollectionMode;
  decimals?: number | undefined;
  name: string;
  description: string;
  tokenPrefix: string;
  flags?: number | undefined;
  pendingSponsor?: string | undefined;
  limits?: Partial<CollectionLimits> | undefined;
  permissions?: PermissionsUpdate | undefined;
  tokenPropertyPermissions?: { key: string; permission: PropertyPermission }[] | undefined;
  properties?: PropertyInput[] | undefined;
  adminList?: string[] | undefined;
};

const utf8 = new TextEncoder();

/** The collection property map of `c`, edited in place by the property helpers. */
function collectionPropertyMap(ctx: DispatchContext, c: Collection): PropertyMapView {
  const s = ctx.storage.common;
  return {
    get: (key) => s.property(c.id, key)?.value,
    put: (key, value) => s.setProperty(c.id, key, value),
    remove: (key) => s.deleteProperty(c.id, key),
    count: s.properties(c.id).length,
    consumed: c.propertiesConsumed,
    limit: MAX_COLLECTION_PROPERTIES_SIZE,
  };
}

export function mergePermissions(old: CollectionPermissions, u: PermissionsUpdate): CollectionPermissions {
  return {
    access: u.access ?? old.access,
    mintMode: u.mintMode ?? old.mintMode,
    nesting:
      u.nesting === undefined
        ? old.nesting
        : {
            tokenOwner: u.nesting.tokenOwner ?? false,
            collectionAdmin: u.nesting.collectionAdmin ?? false,
            restricted: u.nesting.restricted ?? null,
          },
  };
}

/** `common::init_collection` with the checks in chain order (chain-rules §1.1). */
export function doCreateCollection(ctx: DispatchContext, owner: string, data: CreateCollectionData): number {
  const { storage } = ctx;
  if (data.mode === 'Fungible' && (data.decimals ?? 0) > MAX_DECIMAL_POINTS)
    throw UniqueError.CollectionDecimalPointLimitExceeded();
  // Only erc721metadata may be set by a user: foreign, external and reserved bits are the chain's.
  if ((data.flags ?? 0) & ~FLAG_ERC721_METADATA) throw CommonError.NoPermission();
  if (!withdraw(storage, owner, COLLECTION_CREATION_FEE)) throw CommonError.NotSufficientFounds();
  depositInto(storage, TREASURY_ADDRESS, COLLECTION_CREATION_FEE);
  deposit(ctx, BalancesEvent.Deposit(TREASURY_ADDRESS, COLLECTION_CREATION_FEE));
  deposit(ctx, BalancesEvent.Withdraw(owner, COLLECTION_CREATION_FEE));
  if (utf8.encode(data.tokenPrefix).length > MAX_TOKEN_PREFIX_LENGTH)
    throw CommonError.CollectionTokenPrefixLimitExceeded();
  const created = storage.common.createdCount;
  const destroyed = storage.common.destroyedCount;
  if (created - destroyed + 1 > COLLECTION_NUMBER_LIMIT) throw CommonError.TotalCollectionsLimitExceeded();
  const id = created + 1;
  const c: Collection = {
    id,
    owner,
    mode: data.mode,
    decimals: data.mode === 'Fungible' ? (data.decimals ?? 0) : null,
    name: data.name,
    description: data.description,
    tokenPrefix: data.tokenPrefix,
    flags: data.flags ?? 0,
    sponsorState: data.pendingSponsor === undefined ? 'Disabled' : 'Unconfirmed',
    sponsor: data.pendingSponsor ?? null,
    limits: mergeLimits(EMPTY_LIMITS, data.limits ?? {}),
    permissions: mergePermissions(DEFAULT_PERMISSIONS, data.permissions ?? {}),
    tokensMinted: 0,
    tokensBurnt: 0,
    propertiesConsumed: 0,
  };
  storage.common.putCollection(c);
  writeCollectionProperties(ctx, c, data.properties ?? [], false);
  writePropertyPermissions(ctx, c, data.tokenPropertyPermissions ?? [], false);
  const admins = [...new Set(data.adminList ?? [])];
  if (admins.length > COLLECTION_ADMINS_LIMIT) throw CommonError.CollectionAdminCountExceeded();
  for (const a of admins) storage.common.addAdmin(id, a);
  storage.common.setCounts(created + 1, destroyed);
  deposit(ctx, CommonEvent.CollectionCreated(id, MODE_CODE[data.mode], owner));
  return id;
}

function writeCollectionProperties(
  ctx: DispatchContext,
  c: Collection,
  props: PropertyInput[],
  emit: boolean,
): void {
  if (props.length === 0) return;
  const map = collectionPropertyMap(ctx, c);
  for (const p of props) {
    setInMap(map, p.key, hexToBytes(p.value));
    if (emit) deposit(ctx, CommonEvent.CollectionPropertySet(c.id, p.key));
  }
  c.propertiesConsumed = map.consumed;
  ctx.storage.common.putCollection(c);
}

function writePropertyPermissions(
  ctx: DispatchContext,
  c: Collection,
  perms: { key: string; permission: PropertyPermission }[],
  emit: boolean,
): void {
  const s = ctx.storage.common;
  let count = s.propertyPermissions(c.id).length;
  for (const { key, permission } of perms) {
    checkPropertyKey(key);
    const old = s.propertyPermission(c.id, key);
    if (old && !old.mutable) throw CommonError.NoPermission();
    if (!old && count + 1 > MAX_PROPERTIES_PER_ITEM) throw CommonError.PropertyLimitReached();
    if (!old) count += 1;
    s.setPropertyPermission(c.id, key, permission);
    if (emit) deposit(ctx, CommonEvent.PropertyPermissionSet(c.id, key));
  }
}

export function doSetCollectionProperties(ctx: DispatchContext, id: number, props: PropertyInput[]): void {
  const c = collectionForManagement(ctx.storage, id);
  checkIsOwnerOrAdmin(ctx.storage, c, ctx.origin);
  if (props.length === 0) throw UniqueError.EmptyArgument();
  writeCollectionProperties(ctx, c, props, true);
}

export function doDeleteCollectionProperties(ctx: DispatchContext, id: number, keys: string[]): void {
  const c = collectionForManagement(ctx.storage, id);
  checkIsOwnerOrAdmin(ctx.storage, c, ctx.origin);
  if (keys.length === 0) throw UniqueError.EmptyArgument();
  const map = collectionPropertyMap(ctx, c);
  for (const key of keys) {
    deleteFromMap(map, key);
    deposit(ctx, CommonEvent.CollectionPropertyDeleted(c.id, key));
  }
  c.propertiesConsumed = map.consumed;
  ctx.storage.common.putCollection(c);
}

export function doSetPropertyPermissions(
  ctx: DispatchContext,
  id: number,
  perms: { key: string; permission: PropertyPermission }[],
): void {
  const c = collectionForManagement(ctx.storage, id);
  checkIsOwnerOrAdmin(ctx.storage, c, ctx.origin);
  if (perms.length === 0) throw UniqueError.EmptyArgument();
  writePropertyPermissions(ctx, c, perms, true);
}

export function doSetLimits(ctx: DispatchContext, id: number, limits: Partial<CollectionLimits>): void {
  const c = collectionForManagement(ctx.storage, id);
  checkIsOwnerOrAdmin(ctx.storage, c, ctx.origin);
  c.limits = mergeLimits(c.limits, limits);
  ctx.storage.common.putCollection(c);
  deposit(ctx, CommonEvent.CollectionLimitSet(id));
}

export function doSetPermissions(ctx: DispatchContext, id: number, update: PermissionsUpdate): void {
  const c = collectionForManagement(ctx.storage, id);
  checkIsOwnerOrAdmin(ctx.storage, c, ctx.origin);
  c.permissions = mergePermissions(c.permissions, update);
  ctx.storage.common.putCollection(c);
  deposit(ctx, CommonEvent.CollectionPermissionSet(id));
}

export function doSetTransfersEnabled(ctx: DispatchContext, id: number, value: boolean): void {
  const c = collectionForManagement(ctx.storage, id);
  checkIsOwner(c, ctx.origin);
  c.limits = { ...c.limits, transfersEnabled: value };
  ctx.storage.common.putCollection(c);
}

export function doAddAdmin(ctx: DispatchContext, id: number, admin: string): void {
  const c = collectionForManagement(ctx.storage, id);
  checkIsOwner(c, ctx.origin);
  const s = ctx.storage.common;
  if (s.isAdmin(id, admin)) return;
  if (s.admins(id).length + 1 > COLLECTION_ADMINS_LIMIT) throw CommonError.CollectionAdminCountExceeded();
  s.addAdmin(id, admin);
  deposit(ctx, CommonEvent.CollectionAdminAdded(id, admin));
}

export function doRemoveAdmin(ctx: DispatchContext, id: number, admin: string): void {
  const c = collectionForManagement(ctx.storage, id);
  checkIsOwner(c, ctx.origin);
  if (!ctx.storage.common.isAdmin(id, admin)) throw CommonError.UserIsNotCollectionAdmin();
  ctx.storage.common.removeAdmin(id, admin);
  deposit(ctx, CommonEvent.CollectionAdminRemoved(id, admin));
}

export function doChangeOwner(ctx: DispatchContext, id: number, newOwner: string): void {
  const c = collectionForManagement(ctx.storage, id);
  checkIsOwner(c, ctx.origin);
  c.owner = newOwner;
  ctx.storage.common.putCollection(c);
  deposit(ctx, CommonEvent.CollectionOwnerChanged(id, newOwner));
}

export function doToggleAllowList(ctx: DispatchContext, id: number, who: string, allowed: boolean): void {
  const c = collectionForManagement(ctx.storage, id);
  checkIsOwnerOrAdmin(ctx.storage, c, ctx.origin);
  if (allowed) ctx.storage.common.allow(id, who);
  else ctx.storage.common.disallow(id, who);
  deposit(
    ctx,
    allowed ? CommonEvent.AllowListAddressAdded(id, who) : CommonEvent.AllowListAddressRemoved(id, who),
  );
}

export function doSetSponsor(ctx: DispatchContext, id: number, sponsor: string): void {
  const c = collectionForManagement(ctx.storage, id);
  checkIsOwnerOrAdmin(ctx.storage, c, ctx.origin);
  c.sponsorState = 'Unconfirmed';
  c.sponsor = sponsor;
  ctx.storage.common.putCollection(c);
  deposit(ctx, CommonEvent.CollectionSponsorSet(id, sponsor));
}

export function doConfirmSponsorship(ctx: DispatchContext, id: number): void {
  const c = collectionForManagement(ctx.storage, id);
  if (c.sponsorState === 'Disabled' || c.sponsor !== ctx.origin) throw CommonError.ConfirmSponsorshipFail();
  c.sponsorState = 'Confirmed';
  ctx.storage.common.putCollection(c);
  deposit(ctx, CommonEvent.SponsorshipConfirmed(id, ctx.origin));
}

export function doRemoveSponsor(ctx: DispatchContext, id: number): void {
  const c = collectionForManagement(ctx.storage, id);
  checkIsOwnerOrAdmin(ctx.storage, c, ctx.origin);
  c.sponsorState = 'Disabled';
  c.sponsor = null;
  ctx.storage.common.putCollection(c);
  deposit(ctx, CommonEvent.CollectionSponsorRemoved(id));
}

/** `destroy_collection`: checks in chain order (chain-rules §1.6); the creation fee is not returned. */
export function doDestroyCollection(ctx: DispatchContext, id: number): void {
  const c = collectionForManagement(ctx.storage, id);
  if (c.tokensMinted - c.tokensBurnt > 0 || ctx.storage.fungible.totalSupply(id) > 0n)
    throw CommonError.CantDestroyNotEmptyCollection();
  if (!effectiveLimits(c.limits).ownerCanDestroy) throw CommonError.NoPermission();
  checkIsOwner(c, ctx.origin);
  ctx.storage.common.removeCollection(id);
  ctx.storage.nonfungible.purgeCollection(id);
  ctx.storage.fungible.purgeCollection(id);
  ctx.storage.refungible.purgeCollection(id);
  ctx.storage.common.setCounts(ctx.storage.common.createdCount, ctx.storage.common.destroyedCount + 1);
  deposit(ctx, CommonEvent.CollectionDestroyed(id));
}
