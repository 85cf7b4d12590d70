import { type DispatchContext, deposit } from '../context.js';
import { collectionOf, configOf, ensure, hasRole, itemConfigOf, itemOf, store } from './access.js';
import { metadataDeposit } from './collection.js';
import { NFTS_CONFIG } from './config.js';
import { reserve, transfer, unreserve } from './currency.js';
import { NftsError } from './errors.js';
import { NftsEvent } from './events.js';
import type { NftsStorage } from './storage.js';
import { CollectionSetting, ItemSetting, isDisabled, Role } from './types.js';

export type MintWitness = { ownedItem: number | null; mintPrice: bigint | null };

/** `PalletAttributes::UsedToClaim(collection)`, SCALE-encoded: variant 0 ‖ u32 LE. */
function usedToClaimKey(collection: number): Uint8Array {
  const key = new Uint8Array(5);
  new DataView(key.buffer).setUint32(1, collection, true);
  return key;
}

/** `mint`: the mint settings decide who may mint, when, and for what price (paid to the collection owner). */
export function doMint(
  ctx: DispatchContext,
  collection: number,
  item: number,
  mintTo: string,
  witness: MintWitness | null,
): void {
  const s = store(ctx);
  const config = configOf(s, collection);
  ensure(s.item(collection, item) === undefined, NftsError.AlreadyExists);
  const c = collectionOf(s, collection);
  const m = config.mintSettings;
  if (m.startBlock !== null) ensure(m.startBlock <= ctx.blockNumber, NftsError.MintNotStarted);
  if (m.endBlock !== null) ensure(m.endBlock >= ctx.blockNumber, NftsError.MintEnded);
  if (m.mintType === 'Issuer') {
    ensure(hasRole(s, collection, ctx.origin, Role.Issuer), NftsError.NoPermission);
  } else if (typeof m.mintType === 'object') {
    const holderOf = m.mintType.HolderOf;
    if (!witness) throw NftsError.WitnessRequired();
    const owned = witness.ownedItem;
    if (owned === null) throw NftsError.BadWitness();
    ensure(s.item(holderOf, owned)?.owner === ctx.origin, NftsError.BadWitness);
    const key = usedToClaimKey(collection);
    ensure(s.attribute(holderOf, owned, 'pallet', key) === undefined, NftsError.AlreadyClaimed);
    const value = new Uint8Array(0);
    s.setAttribute(holderOf, owned, {
      namespace: 'pallet',
      key,
      value,
      depositAccount: null,
      depositAmount: 0n,
    });
    deposit(
      ctx,
      NftsEvent.PalletAttributeSet(holderOf, owned, JSON.stringify({ UsedToClaim: collection }), value),
    );
  }
  if (m.price !== null) {
    if (!witness) throw NftsError.WitnessRequired();
    if (witness.mintPrice === null) throw NftsError.BadWitness();
    ensure(witness.mintPrice >= m.price, NftsError.BadWitness);
    transfer(ctx, ctx.origin, c.owner, m.price);
  }
  if (config.maxSupply !== null) ensure(c.items < config.maxSupply, NftsError.MaxSupplyReached);
  const depositAmount = isDisabled(config.settings, CollectionSetting.DepositRequired)
    ? 0n
    : NFTS_CONFIG.itemDeposit;
  let itemConfigs = c.itemConfigs;
  const existing = s.itemConfig(collection, item);
  if (existing !== undefined) {
    ensure(existing === m.defaultItemSettings, NftsError.InconsistentItemConfig);
  } else {
    s.setItemConfig(collection, item, m.defaultItemSettings);
    itemConfigs += 1;
  }
  s.putCollection({ ...c, items: c.items + 1, itemConfigs });
  reserve(ctx, ctx.origin, depositAmount);
  s.putItem({
    collectionId: collection,
    itemId: item,
    owner: mintTo,
    depositAccount: ctx.origin,
    depositAmount,
  });
  deposit(ctx, NftsEvent.Issued(collection, item, mintTo));
}

/** `burn`: the owner burns; unlocked metadata goes with the item, attributes stay (they count in the witness). */
export function doBurn(ctx: DispatchContext, collection: number, item: number): void {
  const s = store(ctx);
  const settings = itemConfigOf(s, collection, item);
  const removeConfig = settings === 0;
  const c = collectionOf(s, collection);
  const details = s.item(collection, item);
  if (!details) throw NftsError.UnknownCollection();
  ensure(details.owner === ctx.origin, NftsError.NoPermission);
  unreserve(ctx, details.depositAccount, details.depositAmount);
  const next = { ...c, items: c.items - 1, itemConfigs: c.itemConfigs - (removeConfig ? 1 : 0) };
  if (!isDisabled(settings, ItemSetting.UnlockedMetadata)) {
    const meta = s.itemMetadata(collection, item);
    if (meta) {
      const depositor = meta.depositAccount ?? c.owner;
      unreserve(ctx, depositor, meta.depositAmount);
      next.itemMetadatas -= 1;
      if (depositor === c.owner) next.ownerDeposit -= meta.depositAmount;
      s.deleteItemMetadata(collection, item);
    }
  }
  s.putCollection(next);
  s.deleteItem(collection, item);
  s.clearTransferApprovals(collection, item);
  s.removePrice(collection, item);
  s.clearAttributeApprovals(collection, item);
  if (removeConfig) s.deleteItemConfig(collection, item);
  deposit(ctx, NftsEvent.Burned(collection, item, details.owner));
}

/** `do_transfer`: the collection and item must allow transfers; approvals and the price are cleared. */
export function moveItem(
  ctx: DispatchContext,
  s: NftsStorage,
  collection: number,
  item: number,
  dest: string,
  check: (owner: string) => void,
): void {
  collectionOf(s, collection);
  const config = configOf(s, collection);
  ensure(!isDisabled(config.settings, CollectionSetting.TransferableItems), NftsError.ItemsNonTransferable);
  const settings = itemConfigOf(s, collection, item);
  ensure(!isDisabled(settings, ItemSetting.Transferable), NftsError.ItemLocked);
  const details = itemOf(s, collection, item);
  check(details.owner);
  s.putItem({ ...details, owner: dest });
  s.clearTransferApprovals(collection, item);
  s.removePrice(collection, item);
  deposit(ctx, NftsEvent.Transferred(collection, item, details.owner, dest));
}

/** `transfer`: the owner, or a delegate whose approval has not expired. */
export function doTransfer(ctx: DispatchContext, collection: number, item: number, dest: string): void {
  const s = store(ctx);
  moveItem(ctx, s, collection, item, dest, (owner) => {
    if (owner === ctx.origin) return;
    const approval = s.transferApprovals(collection, item).find((a) => a.delegate === ctx.origin);
    if (!approval) throw NftsError.NoPermission();
    if (approval.deadline !== null) ensure(ctx.blockNumber <= approval.deadline, NftsError.ApprovalExpired);
  });
}

/** `approve_transfer`: `deadline` counts blocks from now. */
export function doApproveTransfer(
  ctx: DispatchContext,
  collection: number,
  item: number,
  delegate: string,
  deadline: number | null,
): void {
  const s = store(ctx);
  const details = itemOf(s, collection, item);
  const config = configOf(s, collection);
  ensure(!isDisabled(config.settings, CollectionSetting.TransferableItems), NftsError.ItemsNonTransferable);
  ensure(details.owner === ctx.origin, NftsError.NoPermission);
  // Block numbers are u32: the deadline saturates like the pallet's `saturating_add`.
  const until = deadline === null ? null : Math.min(ctx.blockNumber + deadline, 4_294_967_295);
  const approvals = s.transferApprovals(collection, item);
  if (!approvals.some((a) => a.delegate === delegate))
    ensure(approvals.length < NFTS_CONFIG.approvalsLimit, NftsError.ReachedApprovalLimit);
  s.setTransferApproval(collection, item, delegate, until);
  deposit(ctx, NftsEvent.TransferApproved(collection, item, details.owner, delegate, until));
}

/** `cancel_approval`: the owner, or anyone once the approval has expired. */
export function doCancelApproval(
  ctx: DispatchContext,
  collection: number,
  item: number,
  delegate: string,
): void {
  const s = store(ctx);
  const details = itemOf(s, collection, item);
  const approval = s.transferApprovals(collection, item).find((a) => a.delegate === delegate);
  if (!approval) throw NftsError.NotDelegate();
  const expired = approval.deadline !== null && ctx.blockNumber > approval.deadline;
  if (!expired) ensure(details.owner === ctx.origin, NftsError.NoPermission);
  s.removeTransferApproval(collection, item, delegate);
  deposit(ctx, NftsEvent.ApprovalCancelled(collection, item, details.owner, delegate));
}

export function doClearAllTransferApprovals(ctx: DispatchContext, collection: number, item: number): void {
  const s = store(ctx);
  const details = s.item(collection, item);
  if (!details) throw NftsError.UnknownCollection();
  ensure(details.owner === ctx.origin, NftsError.NoPermission);
  s.clearTransferApprovals(collection, item);
  deposit(ctx, NftsEvent.AllApprovalsCancelled(collection, item, details.owner));
}

/** `lock_item_transfer` / `unlock_item_transfer`: the freezer's switch. */
export function doSetItemTransferLock(
  ctx: DispatchContext,
  collection: number,
  item: number,
  lock: boolean,
): void {
  const s = store(ctx);
  ensure(hasRole(s, collection, ctx.origin, Role.Freezer), NftsError.NoPermission);
  const settings = itemConfigOf(s, collection, item);
  s.setItemConfig(
    collection,
    item,
    lock ? settings | ItemSetting.Transferable : settings & ~ItemSetting.Transferable,
  );
  deposit(
    ctx,
    lock ? NftsEvent.ItemTransferLocked(collection, item) : NftsEvent.ItemTransferUnlocked(collection, item),
  );
}

/** `lock_item_properties`: an admin locks metadata and/or attributes for good. */
export function doLockItemProperties(
  ctx: DispatchContext,
  collection: number,
  item: number,
  lockMetadata: boolean,
  lockAttributes: boolean,
): void {
  const s = store(ctx);
  ensure(hasRole(s, collection, ctx.origin, Role.Admin), NftsError.NoPermission);
  let settings = itemConfigOf(s, collection, item);
  if (lockMetadata) settings |= ItemSetting.UnlockedMetadata;
  if (lockAttributes) settings |= ItemSetting.UnlockedAttributes;
  s.setItemConfig(collection, item, settings);
  deposit(ctx, NftsEvent.ItemPropertiesLocked(collection, item, lockMetadata, lockAttributes));
}

/** `set_metadata`: an admin writes it; the collection owner pays the deposit. */
export function doSetItemMetadata(
  ctx: DispatchContext,
  collection: number,
  item: number,
  data: Uint8Array,
): void {
  const s = store(ctx);
  ensure(hasRole(s, collection, ctx.origin, Role.Admin), NftsError.NoPermission);
  const c = collectionOf(s, collection);
  const settings = itemConfigOf(s, collection, item);
  ensure(!isDisabled(settings, ItemSetting.UnlockedMetadata), NftsError.LockedItemMetadata);
  const config = configOf(s, collection);
  const old = s.itemMetadata(collection, item);
  const oldAmount = old?.depositAmount ?? 0n;
  const fresh = isDisabled(config.settings, CollectionSetting.DepositRequired)
    ? 0n
    : metadataDeposit(data.length);
  const oldDepositor = old?.depositAccount ?? c.owner;
  if (oldDepositor !== c.owner) {
    unreserve(ctx, oldDepositor, oldAmount);
    reserve(ctx, c.owner, fresh);
  } else if (fresh > oldAmount) reserve(ctx, c.owner, fresh - oldAmount);
  else if (fresh < oldAmount) unreserve(ctx, c.owner, oldAmount - fresh);
  s.putCollection({
    ...c,
    itemMetadatas: c.itemMetadatas + (old ? 0 : 1),
    ownerDeposit: c.ownerDeposit + fresh - (oldDepositor === c.owner ? oldAmount : 0n),
  });
  s.setItemMetadata(collection, item, { data, depositAccount: null, depositAmount: fresh });
  deposit(ctx, NftsEvent.ItemMetadataSet(collection, item, data));
}

export function doClearItemMetadata(ctx: DispatchContext, collection: number, item: number): void {
  const s = store(ctx);
  ensure(hasRole(s, collection, ctx.origin, Role.Admin), NftsError.NoPermission);
  const meta = s.itemMetadata(collection, item);
  if (!meta) throw NftsError.MetadataNotFound();
  const c = collectionOf(s, collection);
  const depositor = meta.depositAccount ?? c.owner;
  // A burned item may have lost its config: its metadata can then be cleared.
  const settings = s.itemConfig(collection, item);
  ensure(
    settings === undefined || !isDisabled(settings, ItemSetting.UnlockedMetadata),
    NftsError.LockedItemMetadata,
  );
  unreserve(ctx, depositor, meta.depositAmount);
  s.putCollection({
    ...c,
    itemMetadatas: c.itemMetadatas - 1,
    ownerDeposit: c.ownerDeposit - (depositor === c.owner ? meta.depositAmount : 0n),
  });
  s.deleteItemMetadata(collection, item);
  deposit(ctx, NftsEvent.ItemMetadataCleared(collection, item));
}

/** `set_price`: the owner of a transferable item offers it, optionally to one buyer; no price withdraws it. */
export function doSetPrice(
  ctx: DispatchContext,
  collection: number,
  item: number,
  price: bigint | null,
  buyer: string | null,
): void {
  const s = store(ctx);
  const details = itemOf(s, collection, item);
  ensure(details.owner === ctx.origin, NftsError.NoPermission);
  const config = configOf(s, collection);
  ensure(!isDisabled(config.settings, CollectionSetting.TransferableItems), NftsError.ItemsNonTransferable);
  ensure(!isDisabled(itemConfigOf(s, collection, item), ItemSetting.Transferable), NftsError.ItemLocked);
  if (price === null) {
    s.removePrice(collection, item);
    deposit(ctx, NftsEvent.ItemPriceRemoved(collection, item));
  } else {
    s.setPrice(collection, item, price, buyer);
    deposit(ctx, NftsEvent.ItemPriceSet(collection, item, price, buyer));
  }
}

/** `buy_item`: pays the asking price (not the bid) to the seller, then transfers the item. */
export function doBuy(ctx: DispatchContext, collection: number, item: number, bid: bigint): void {
  const s = store(ctx);
  const details = itemOf(s, collection, item);
  ensure(details.owner !== ctx.origin, NftsError.NoPermission);
  const offer = s.price(collection, item);
  if (!offer) throw NftsError.NotForSale();
  ensure(bid >= offer.price, NftsError.BidTooLow);
  if (offer.buyer !== null) ensure(offer.buyer === ctx.origin, NftsError.NoPermission);
  transfer(ctx, ctx.origin, details.owner, offer.price);
  moveItem(ctx, s, collection, item, ctx.origin, () => {});
  deposit(ctx, NftsEvent.ItemBought(collection, item, offer.price, details.owner, ctx.origin));
}
