import { ethereumToSubstrateMirror, isEthereumAddress } from '@nftkit/primitives';
import type { RuntimeStorage } from '../storage.js';
import { CommonError } from './errors.js';
import { type Collection, FLAG_EXTERNAL } from './types.js';

/** Collection 0 is the native-balance adapter: management calls refuse it (chain-rules §0). */
export function collectionForManagement(storage: RuntimeStorage, id: number): Collection {
  if (id === 0) throw CommonError.UnsupportedOperation();
  return existingCollection(storage, id);
}

export function existingCollection(storage: RuntimeStorage, id: number): Collection {
  const c = storage.common.collection(id);
  if (!c) throw CommonError.CollectionNotFound();
  if (c.flags & FLAG_EXTERNAL) throw CommonError.CollectionIsExternal();
  return c;
}

/** The owner is a plain AccountId32: an Ethereum caller counts only through its substrate mirror. */
export function isOwner(c: Collection, who: string): boolean {
  if (who === c.owner) return true;
  return isEthereumAddress(who) && ethereumToSubstrateMirror(who) === c.owner;
}

export function isOwnerOrAdmin(storage: RuntimeStorage, c: Collection, who: string): boolean {
  return isOwner(c, who) || storage.common.isAdmin(c.id, who);
}

export function checkIsOwner(c: Collection, who: string): void {
  if (!isOwner(c, who)) throw CommonError.NoPermission();
}

export function checkIsOwnerOrAdmin(storage: RuntimeStorage, c: Collection, who: string): void {
  if (!isOwnerOrAdmin(storage, c, who)) throw CommonError.NoPermission();
}
