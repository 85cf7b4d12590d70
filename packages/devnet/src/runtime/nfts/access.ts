import type { DispatchContext } from '../context.js';
import { NftsError } from './errors.js';
import { type NftsStorage, nftsStorage } from './storage.js';
import type { CollectionConfig, CollectionDetails, ItemDetails } from './types.js';

/** The lookups every call starts with, failing with the pallet's own error for each missing record. */
export const store = (ctx: DispatchContext): NftsStorage => nftsStorage(ctx.storage);

export function collectionOf(s: NftsStorage, id: number): CollectionDetails {
  const c = s.collection(id);
  if (!c) throw NftsError.UnknownCollection();
  return c;
}

/** `get_collection_config`: a missing config is `NoConfig`. */
export function configOf(s: NftsStorage, id: number): CollectionConfig {
  const c = s.config(id);
  if (!c) throw NftsError.NoConfig();
  return c;
}

/** `get_item_config`: a missing item config is `UnknownItem`. */
export function itemConfigOf(s: NftsStorage, collection: number, item: number): number {
  const c = s.itemConfig(collection, item);
  if (c === undefined) throw NftsError.UnknownItem();
  return c;
}

export function itemOf(s: NftsStorage, collection: number, item: number): ItemDetails {
  const i = s.item(collection, item);
  if (!i) throw NftsError.UnknownItem();
  return i;
}

export const hasRole = (s: NftsStorage, collection: number, who: string, role: number): boolean =>
  (s.roles(collection, who) & role) !== 0;

export const ensure = (condition: boolean, error: () => Error): void => {
  if (!condition) throw error();
};
