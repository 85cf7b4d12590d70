import { DEFAULT_LIMITS, type EffectiveLimits, MAX_SPONSOR_TIMEOUT } from './bounds.js';
import { CommonError } from './errors.js';
import type { CollectionLimits } from './types.js';

/** The stored limits with the chain defaults filled in (`unique_effectiveCollectionLimits`). */
export function effectiveLimits(l: CollectionLimits): EffectiveLimits {
  const out = { ...DEFAULT_LIMITS };
  for (const [k, v] of Object.entries(l)) if (v !== null) (out as Record<string, unknown>)[k] = v;
  if (typeof out.sponsoredDataRateLimit === 'number')
    out.sponsoredDataRateLimit = Math.min(out.sponsoredDataRateLimit, MAX_SPONSOR_TIMEOUT);
  out.sponsorApproveTimeout = Math.min(out.sponsorApproveTimeout, MAX_SPONSOR_TIMEOUT);
  return out;
}

/** `common::update_limits`: only the given fields change, each with its rule (chain-rules §1.5). */
export function mergeLimits(old: CollectionLimits, update: Partial<CollectionLimits>): CollectionLimits {
  const next: CollectionLimits = { ...old };
  const current = effectiveLimits(old);
  const u = update;
  if (u.accountTokenOwnershipLimit != null) {
    if (u.accountTokenOwnershipLimit > DEFAULT_LIMITS.accountTokenOwnershipLimit)
      throw CommonError.CollectionLimitBoundsExceeded();
    next.accountTokenOwnershipLimit = u.accountTokenOwnershipLimit;
  }
  if (u.sponsoredDataSize != null) {
    if (u.sponsoredDataSize > DEFAULT_LIMITS.sponsoredDataSize)
      throw CommonError.CollectionLimitBoundsExceeded();
    next.sponsoredDataSize = u.sponsoredDataSize;
  }
  if (u.sponsoredDataRateLimit != null) next.sponsoredDataRateLimit = u.sponsoredDataRateLimit;
  if (u.tokenLimit != null) {
    if (u.tokenLimit === 0 || u.tokenLimit > current.tokenLimit)
      throw CommonError.CollectionTokenLimitExceeded();
    next.tokenLimit = u.tokenLimit;
  }
  if (u.sponsorTransferTimeout != null) {
    if (u.sponsorTransferTimeout > MAX_SPONSOR_TIMEOUT) throw CommonError.CollectionLimitBoundsExceeded();
    next.sponsorTransferTimeout = u.sponsorTransferTimeout;
  }
  if (u.sponsorApproveTimeout != null) next.sponsorApproveTimeout = u.sponsorApproveTimeout;
  if (u.ownerCanTransfer != null) {
    if (old.ownerCanTransfer === false && u.ownerCanTransfer)
      throw CommonError.OwnerPermissionsCantBeReverted();
    next.ownerCanTransfer = u.ownerCanTransfer;
  }
  if (u.ownerCanDestroy != null) {
    if (old.ownerCanDestroy === false && u.ownerCanDestroy)
      throw CommonError.OwnerPermissionsCantBeReverted();
    next.ownerCanDestroy = u.ownerCanDestroy;
  }
  if (u.transfersEnabled != null) next.transfersEnabled = u.transfersEnabled;
  return next;
}
