import { type DispatchContext, deposit } from '../context.js';
import { collectionOf, configOf, ensure, hasRole, store } from './access.js';
import { NFTS_CONFIG } from './config.js';
import { repatriateReserved, reserve, unreserve } from './currency.js';
import { NftsError } from './errors.js';
import { NftsEvent } from './events.js';
import {
  ALL_ROLES,
  type CollectionConfig,
  CollectionSetting,
  isDisabled,
  type MintSettings,
  Role,
} from './types.js';

/** `create`: the signer owns the collection and pays the deposit; `admin` gets every role. */
export function doCreate(ctx: DispatchContext, admin: string, config: CollectionConfig): number {
  const s = store(ctx);
  const id = s.nextCollectionId;
  ensure(!isDisabled(config.settings, CollectionSetting.DepositRequired), NftsError.WrongSetting);
  ensure(s.collection(id) === undefined, NftsError.CollectionIdInUse);
  reserve(ctx, ctx.origin, NFTS_CONFIG.collectionDeposit);
  s.putCollection({
    id,
    owner: ctx.origin,
    ownerDeposit: NFTS_CONFIG.collectionDeposit,
    items: 0,
    itemMetadatas: 0,
    itemConfigs: 0,
    attributes: 0,
  });
  s.setRoles(id, admin, ALL_ROLES);
  s.putConfig(id, config);
  deposit(ctx, NftsEvent.Created(id, ctx.origin, admin));
  s.setNextCollectionId(id + 1);
  deposit(ctx, NftsEvent.NextCollectionIdIncremented(id + 1));
  return id;
}

export type DestroyWitness = { itemMetadatas: number; itemConfigs: number; attributes: number };

/** `destroy`: owner only, no items left, and the witness must match the counters exactly. */
export function doDestroy(ctx: DispatchContext, id: number, witness: DestroyWitness): void {
  const s = store(ctx);
  const c = collectionOf(s, id);
  ensure(c.owner === ctx.origin, NftsError.NoPermission);
  ensure(c.items === 0, NftsError.CollectionNotEmpty);
  ensure(c.attributes === witness.attributes, NftsError.BadWitness);
  ensure(c.itemMetadatas === witness.itemMetadatas, NftsError.BadWitness);
  ensure(c.itemConfigs === witness.itemConfigs, NftsError.BadWitness);
  for (const m of s.allItemMetadata(id))
    if (m.depositAccount) unreserve(ctx, m.depositAccount, m.depositAmount);
  for (const a of s.allAttributes(id))
    if (a.depositAccount) unreserve(ctx, a.depositAccount, a.depositAmount);
  // The owner's deposit covers the collection, its metadata, owner-paid item metadata and collectionOwner attributes.
  unreserve(ctx, c.owner, c.ownerDeposit);
  s.purgeCollection(id);
  deposit(ctx, NftsEvent.Destroyed(id));
}

/** `set_accept_ownership`: `null` withdraws the acceptance. The collection need not exist yet. */
export function doSetAcceptOwnership(ctx: DispatchContext, collection: number | null): void {
  store(ctx).setOwnershipAcceptance(ctx.origin, collection);
  deposit(ctx, NftsEvent.OwnershipAcceptanceChanged(ctx.origin, collection));
}

/** `transfer_ownership`: the new owner must have accepted this collection; the deposit moves with it. */
export function doTransferOwnership(ctx: DispatchContext, id: number, newOwner: string): void {
  const s = store(ctx);
  ensure(s.ownershipAcceptance(newOwner) === id, NftsError.Unaccepted);
  const c = collectionOf(s, id);
  ensure(c.owner === ctx.origin, NftsError.NoPermission);
  if (c.owner === newOwner) return;
  repatriateReserved(ctx, c.owner, newOwner, c.ownerDeposit);
  s.putCollection({ ...c, owner: newOwner });
  s.setOwnershipAcceptance(newOwner, null);
  deposit(ctx, NftsEvent.OwnerChanged(id, newOwner));
}

/**
 * `set_team`: replaces every role. A signed owner may only re-assign a role someone holds now (only root may give
 * a role that nobody has).
 */
export function doSetTeam(
  ctx: DispatchContext,
  id: number,
  team: { issuer: string | null; admin: string | null; freezer: string | null },
): void {
  const s = store(ctx);
  const c = collectionOf(s, id);
  ensure(c.owner === ctx.origin, NftsError.NoPermission);
  const current = s.allRoles(id);
  const pairs: [string | null, number][] = [
    [team.issuer, Role.Issuer],
    [team.admin, Role.Admin],
    [team.freezer, Role.Freezer],
  ];
  for (const [account, role] of pairs)
    if (account !== null)
      ensure(
        current.some((r) => (r.roles & role) !== 0),
        NftsError.NoPermission,
      );
  s.clearRoles(id);
  const grouped = new Map<string, number>();
  for (const [account, role] of pairs)
    if (account !== null) grouped.set(account, (grouped.get(account) ?? 0) | role);
  for (const [account, roles] of grouped) s.setRoles(id, account, roles);
  deposit(ctx, NftsEvent.TeamChanged(id, team.issuer, team.admin, team.freezer));
}

/** `lock_collection`: disables the given settings for good (a lock is never lifted). */
export function doLockCollection(ctx: DispatchContext, id: number, lock: number): void {
  const s = store(ctx);
  ensure(s.collection(id)?.owner === ctx.origin, NftsError.NoPermission);
  ensure(!isDisabled(lock, CollectionSetting.DepositRequired), NftsError.WrongSetting);
  const config = configOf(s, id);
  s.putConfig(id, { ...config, settings: config.settings | lock });
  deposit(ctx, NftsEvent.CollectionLocked(id));
}

export function doSetMaxSupply(ctx: DispatchContext, id: number, maxSupply: number): void {
  const s = store(ctx);
  const config = configOf(s, id);
  ensure(!isDisabled(config.settings, CollectionSetting.UnlockedMaxSupply), NftsError.MaxSupplyLocked);
  const c = collectionOf(s, id);
  ensure(c.owner === ctx.origin, NftsError.NoPermission);
  ensure(c.items <= maxSupply, NftsError.MaxSupplyTooSmall);
  s.putConfig(id, { ...config, maxSupply });
  deposit(ctx, NftsEvent.CollectionMaxSupplySet(id, maxSupply));
}

/** `update_mint_settings`: the issuer replaces the whole mint settings. */
export function doUpdateMintSettings(ctx: DispatchContext, id: number, mintSettings: MintSettings): void {
  const s = store(ctx);
  ensure(hasRole(s, id, ctx.origin, Role.Issuer), NftsError.NoPermission);
  const config = configOf(s, id);
  s.putConfig(id, { ...config, mintSettings });
  deposit(ctx, NftsEvent.CollectionMintSettingsUpdated(id));
}

const metadataDeposit = (len: number) =>
  NFTS_CONFIG.metadataDepositBase + NFTS_CONFIG.depositPerByte * BigInt(len);

/** `set_collection_metadata`: an admin sets it; the owner pays the deposit (adjusted to the new length). */
export function doSetCollectionMetadata(ctx: DispatchContext, id: number, data: Uint8Array): void {
  const s = store(ctx);
  ensure(hasRole(s, id, ctx.origin, Role.Admin), NftsError.NoPermission);
  const config = configOf(s, id);
  ensure(
    !isDisabled(config.settings, CollectionSetting.UnlockedMetadata),
    NftsError.LockedCollectionMetadata,
  );
  const c = collectionOf(s, id);
  const old = s.collectionMetadata(id)?.deposit ?? 0n;
  const fresh = isDisabled(config.settings, CollectionSetting.DepositRequired)
    ? 0n
    : metadataDeposit(data.length);
  if (fresh > old) reserve(ctx, c.owner, fresh - old);
  else if (fresh < old) unreserve(ctx, c.owner, old - fresh);
  s.putCollection({ ...c, ownerDeposit: c.ownerDeposit - old + fresh });
  s.setCollectionMetadata(id, fresh, data);
  deposit(ctx, NftsEvent.CollectionMetadataSet(id, data));
}

export function doClearCollectionMetadata(ctx: DispatchContext, id: number): void {
  const s = store(ctx);
  ensure(hasRole(s, id, ctx.origin, Role.Admin), NftsError.NoPermission);
  const c = collectionOf(s, id);
  const config = configOf(s, id);
  ensure(
    !isDisabled(config.settings, CollectionSetting.UnlockedMetadata),
    NftsError.LockedCollectionMetadata,
  );
  const m = s.collectionMetadata(id);
  if (!m) throw NftsError.UnknownCollection();
  unreserve(ctx, c.owner, m.deposit);
  s.putCollection({ ...c, ownerDeposit: c.ownerDeposit - m.deposit });
  s.deleteCollectionMetadata(id);
  deposit(ctx, NftsEvent.CollectionMetadataCleared(id));
}

export { metadataDeposit };
