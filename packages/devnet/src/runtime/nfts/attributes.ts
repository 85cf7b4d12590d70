import { type DispatchContext, deposit } from '../context.js';
import { collectionOf, configOf, ensure, hasRole, itemOf, store } from './access.js';
import { NFTS_CONFIG } from './config.js';
import { reserve, unreserve } from './currency.js';
import { NftsError } from './errors.js';
import { NftsEvent } from './events.js';
import type { NftsStorage } from './storage.js';
import { CollectionSetting, ItemSetting, isDisabled, type Namespace, Role } from './types.js';

/** `is_valid_namespace`: who may write in which namespace. `pallet` is never writable by a signed origin. */
function isValidNamespace(
  s: NftsStorage,
  origin: string,
  namespace: Namespace,
  collection: number,
  item: number | null,
): boolean {
  if (namespace === 'pallet') return false;
  if (namespace === 'collectionOwner') return hasRole(s, collection, origin, Role.Admin);
  if (item === null) return false;
  if (namespace === 'itemOwner') return itemOf(s, collection, item).owner === origin;
  return namespace === origin && s.attributeApprovals(collection, item).includes(origin);
}

const attributeDeposit = (key: Uint8Array, value: Uint8Array) =>
  NFTS_CONFIG.attributeDepositBase + NFTS_CONFIG.depositPerByte * BigInt(key.length + value.length);

/**
 * `set_attribute`. The deposit is paid by the collection owner in the `collectionOwner` namespace (recorded as
 * `None`, part of the owner's deposit) and by the signer elsewhere; rewriting moves or adjusts it.
 */
export function doSetAttribute(
  ctx: DispatchContext,
  collection: number,
  item: number | null,
  namespace: Namespace,
  key: Uint8Array,
  value: Uint8Array,
): void {
  const s = store(ctx);
  const depositor = namespace === 'collectionOwner' ? collectionOf(s, collection).owner : ctx.origin;
  ensure(isValidNamespace(s, ctx.origin, namespace, collection, item), NftsError.NoPermission);
  const config = configOf(s, collection);
  if (namespace === 'collectionOwner') {
    if (item === null)
      ensure(
        !isDisabled(config.settings, CollectionSetting.UnlockedAttributes),
        NftsError.LockedCollectionAttributes,
      );
    else {
      const settings = s.itemConfig(collection, item);
      if (settings === undefined) throw NftsError.UnknownItem();
      ensure(!isDisabled(settings, ItemSetting.UnlockedAttributes), NftsError.LockedItemAttributes);
    }
  }
  const c = collectionOf(s, collection);
  const old = s.attribute(collection, item, namespace, key);
  const oldAmount = old?.depositAmount ?? 0n;
  const isOwnerNs = namespace === 'collectionOwner';
  const fresh =
    !isDisabled(config.settings, CollectionSetting.DepositRequired) || !isOwnerNs
      ? attributeDeposit(key, value)
      : 0n;
  const oldDepositor =
    isOwnerNs && old && old.depositAccount === null ? c.owner : (old?.depositAccount ?? null);
  const changed = oldDepositor !== depositor;
  if (changed) {
    if (oldDepositor !== null) unreserve(ctx, oldDepositor, oldAmount);
    reserve(ctx, depositor, fresh);
  } else if (fresh > oldAmount) reserve(ctx, depositor, fresh - oldAmount);
  else if (fresh < oldAmount) unreserve(ctx, depositor, oldAmount - fresh);
  const paidByOwner = isOwnerNs && depositor === c.owner;
  let ownerDeposit = c.ownerDeposit;
  if (paidByOwner) ownerDeposit += fresh - (changed ? 0n : oldAmount);
  s.putCollection({ ...c, attributes: c.attributes + (old ? 0 : 1), ownerDeposit });
  s.setAttribute(collection, item, {
    namespace,
    key,
    value,
    depositAccount: paidByOwner ? null : depositor,
    depositAmount: fresh,
  });
  deposit(ctx, NftsEvent.AttributeSet(collection, item, key, value, namespace));
}

/**
 * `clear_attribute`: whoever paid the deposit, or whoever may write the namespace (anyone once the item is burned);
 * locks still apply.
 */
export function doClearAttribute(
  ctx: DispatchContext,
  collection: number,
  item: number | null,
  namespace: Namespace,
  key: Uint8Array,
): void {
  const s = store(ctx);
  const attr = s.attribute(collection, item, namespace, key);
  if (!attr) throw NftsError.AttributeNotFound();
  // Once the item is gone, anyone may clear its attributes (their deposits go back to whoever paid).
  const itemGone = item !== null && s.item(collection, item) === undefined;
  if (!itemGone && attr.depositAccount !== ctx.origin)
    ensure(isValidNamespace(s, ctx.origin, namespace, collection, item), NftsError.NoPermission);
  if (namespace === 'collectionOwner') {
    if (item === null) {
      const config = configOf(s, collection);
      ensure(
        !isDisabled(config.settings, CollectionSetting.UnlockedAttributes),
        NftsError.LockedCollectionAttributes,
      );
    } else {
      // A burned item may have lost its config: its attributes can then be cleared.
      const settings = s.itemConfig(collection, item);
      if (settings !== undefined) {
        ensure(!isDisabled(settings, ItemSetting.UnlockedAttributes), NftsError.LockedItemAttributes);
        ensure(hasRole(s, collection, ctx.origin, Role.Admin), NftsError.NoPermission);
      }
    }
  }
  const c = collectionOf(s, collection);
  let ownerDeposit = c.ownerDeposit;
  if (attr.depositAccount !== null) unreserve(ctx, attr.depositAccount, attr.depositAmount);
  else if (namespace === 'collectionOwner') {
    ownerDeposit -= attr.depositAmount;
    unreserve(ctx, c.owner, attr.depositAmount);
  }
  s.putCollection({ ...c, attributes: c.attributes - 1, ownerDeposit });
  s.deleteAttribute(collection, item, namespace, key);
  deposit(ctx, NftsEvent.AttributeCleared(collection, item, key, namespace));
}

/** `approve_item_attributes`: the item owner lets `delegate` write in the delegate's own account namespace. */
export function doApproveItemAttributes(
  ctx: DispatchContext,
  collection: number,
  item: number,
  delegate: string,
): void {
  const s = store(ctx);
  const details = itemOf(s, collection, item);
  ensure(details.owner === ctx.origin, NftsError.NoPermission);
  const approvals = s.attributeApprovals(collection, item);
  if (!approvals.includes(delegate))
    ensure(approvals.length < NFTS_CONFIG.itemAttributesApprovalsLimit, NftsError.ReachedApprovalLimit);
  s.addAttributeApproval(collection, item, delegate);
  deposit(ctx, NftsEvent.ItemAttributesApprovalAdded(collection, item, delegate));
}

/**
 * `cancel_item_attributes_approval`: also removes every attribute the delegate wrote on the item and returns their
 * deposits; `witness` must cover that many attributes.
 */
export function doCancelItemAttributesApproval(
  ctx: DispatchContext,
  collection: number,
  item: number,
  delegate: string,
  witness: number,
): void {
  const s = store(ctx);
  const details = itemOf(s, collection, item);
  ensure(details.owner === ctx.origin, NftsError.NoPermission);
  s.removeAttributeApproval(collection, item, delegate);
  const written = s.attributes(collection, item).filter((a) => a.namespace === delegate);
  ensure(written.length <= witness, NftsError.BadWitness);
  let deposited = 0n;
  for (const a of written) {
    deposited += a.depositAmount;
    s.deleteAttribute(collection, item, delegate, a.key);
  }
  unreserve(ctx, delegate, deposited);
  const c = s.collection(collection);
  if (c) s.putCollection({ ...c, attributes: c.attributes - written.length });
  deposit(ctx, NftsEvent.ItemAttributesApprovalRemoved(collection, item, delegate));
}
