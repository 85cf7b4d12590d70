import { bytesToHex } from '@nftkit/primitives';
import { named } from '../events.js';
import type { Namespace } from './types.js';

type V = string | number | bigint | boolean | null;

/** Event data as strings; `Option::None` is `null` (the text polkadot.js prints). */
const ev = (method: string, data: Record<string, V>) => {
  const out: Record<string, string | number | bigint | boolean> = {};
  for (const [k, v] of Object.entries(data)) out[k] = v === null ? 'null' : v;
  return named('nfts', method, out);
};

/** `AttributeNamespace` as polkadot.js renders the enum. */
export function namespaceJson(ns: Namespace): string {
  switch (ns) {
    case 'pallet':
      return 'Pallet';
    case 'collectionOwner':
      return 'CollectionOwner';
    case 'itemOwner':
      return 'ItemOwner';
    default:
      return JSON.stringify({ Account: ns });
  }
}

/** pallet-nfts `Event<T, I>` (named fields, as in the pallet). */
export const NftsEvent = {
  Created: (collection: number, creator: string, owner: string) =>
    ev('Created', { collection, creator, owner }),
  Destroyed: (collection: number) => ev('Destroyed', { collection }),
  NextCollectionIdIncremented: (nextId: number) => ev('NextCollectionIdIncremented', { next_id: nextId }),
  Issued: (collection: number, item: number, owner: string) => ev('Issued', { collection, item, owner }),
  Transferred: (collection: number, item: number, from: string, to: string) =>
    ev('Transferred', { collection, item, from, to }),
  Burned: (collection: number, item: number, owner: string) => ev('Burned', { collection, item, owner }),
  ItemTransferLocked: (collection: number, item: number) => ev('ItemTransferLocked', { collection, item }),
  ItemTransferUnlocked: (collection: number, item: number) =>
    ev('ItemTransferUnlocked', { collection, item }),
  ItemPropertiesLocked: (collection: number, item: number, lockMetadata: boolean, lockAttributes: boolean) =>
    ev('ItemPropertiesLocked', {
      collection,
      item,
      lock_metadata: lockMetadata,
      lock_attributes: lockAttributes,
    }),
  CollectionLocked: (collection: number) => ev('CollectionLocked', { collection }),
  OwnerChanged: (collection: number, newOwner: string) =>
    ev('OwnerChanged', { collection, new_owner: newOwner }),
  TeamChanged: (collection: number, issuer: string | null, admin: string | null, freezer: string | null) =>
    ev('TeamChanged', { collection, issuer, admin, freezer }),
  TransferApproved: (
    collection: number,
    item: number,
    owner: string,
    delegate: string,
    deadline: number | null,
  ) => ev('TransferApproved', { collection, item, owner, delegate, deadline }),
  ApprovalCancelled: (collection: number, item: number, owner: string, delegate: string) =>
    ev('ApprovalCancelled', { collection, item, owner, delegate }),
  AllApprovalsCancelled: (collection: number, item: number, owner: string) =>
    ev('AllApprovalsCancelled', { collection, item, owner }),
  CollectionMetadataSet: (collection: number, data: Uint8Array) =>
    ev('CollectionMetadataSet', { collection, data: bytesToHex(data) }),
  CollectionMetadataCleared: (collection: number) => ev('CollectionMetadataCleared', { collection }),
  ItemMetadataSet: (collection: number, item: number, data: Uint8Array) =>
    ev('ItemMetadataSet', { collection, item, data: bytesToHex(data) }),
  ItemMetadataCleared: (collection: number, item: number) => ev('ItemMetadataCleared', { collection, item }),
  AttributeSet: (
    collection: number,
    maybeItem: number | null,
    key: Uint8Array,
    value: Uint8Array,
    namespace: Namespace,
  ) =>
    ev('AttributeSet', {
      collection,
      maybe_item: maybeItem,
      key: bytesToHex(key),
      value: bytesToHex(value),
      namespace: namespaceJson(namespace),
    }),
  AttributeCleared: (collection: number, maybeItem: number | null, key: Uint8Array, namespace: Namespace) =>
    ev('AttributeCleared', {
      collection,
      maybe_item: maybeItem,
      key: bytesToHex(key),
      namespace: namespaceJson(namespace),
    }),
  ItemAttributesApprovalAdded: (collection: number, item: number, delegate: string) =>
    ev('ItemAttributesApprovalAdded', { collection, item, delegate }),
  ItemAttributesApprovalRemoved: (collection: number, item: number, delegate: string) =>
    ev('ItemAttributesApprovalRemoved', { collection, item, delegate }),
  OwnershipAcceptanceChanged: (who: string, maybeCollection: number | null) =>
    ev('OwnershipAcceptanceChanged', { who, maybe_collection: maybeCollection }),
  CollectionMaxSupplySet: (collection: number, maxSupply: number) =>
    ev('CollectionMaxSupplySet', { collection, max_supply: maxSupply }),
  CollectionMintSettingsUpdated: (collection: number) => ev('CollectionMintSettingsUpdated', { collection }),
  ItemPriceSet: (collection: number, item: number, price: bigint, whitelistedBuyer: string | null) =>
    ev('ItemPriceSet', { collection, item, price, whitelisted_buyer: whitelistedBuyer }),
  ItemPriceRemoved: (collection: number, item: number) => ev('ItemPriceRemoved', { collection, item }),
  ItemBought: (collection: number, item: number, price: bigint, seller: string, buyer: string) =>
    ev('ItemBought', { collection, item, price, seller, buyer }),
  PalletAttributeSet: (collection: number, item: number | null, attribute: string, value: Uint8Array) =>
    ev('PalletAttributeSet', { collection, item, attribute, value: bytesToHex(value) }),
};
