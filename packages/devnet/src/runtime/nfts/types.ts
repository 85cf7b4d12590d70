/**
 * pallet-nfts types as this devnet stores them. Settings are bit sets of the *disabled* settings, as in the pallet
 * (`CollectionSettings(BitFlags<CollectionSetting>)`), so a REST "locked…" flag is exactly one set bit.
 */
export const CollectionSetting = {
  TransferableItems: 1,
  UnlockedMetadata: 2,
  UnlockedAttributes: 4,
  UnlockedMaxSupply: 8,
  DepositRequired: 16,
} as const;
export const ALL_COLLECTION_SETTINGS = 31;

export const ItemSetting = { Transferable: 1, UnlockedMetadata: 2, UnlockedAttributes: 4 } as const;
export const ALL_ITEM_SETTINGS = 7;

/** `CollectionRoles` bit flags. */
export const Role = { Issuer: 1, Freezer: 2, Admin: 4 } as const;
export const ALL_ROLES = 7;

export type MintType = 'Issuer' | 'Public' | { HolderOf: number };

export type MintSettings = {
  mintType: MintType;
  price: bigint | null;
  startBlock: number | null;
  endBlock: number | null;
  /** Disabled item settings every minted item starts with. */
  defaultItemSettings: number;
};

export type CollectionConfig = { settings: number; maxSupply: number | null; mintSettings: MintSettings };

export type CollectionDetails = {
  id: number;
  owner: string;
  ownerDeposit: bigint;
  items: number;
  itemMetadatas: number;
  itemConfigs: number;
  attributes: number;
};

export type ItemDetails = {
  collectionId: number;
  itemId: number;
  owner: string;
  depositAccount: string;
  depositAmount: bigint;
};

/** `pallet`, `collectionOwner`, `itemOwner`, or an SS58 (prefix 42) address for `Account(who)`. */
export type Namespace = string;

export type StoredAttribute = {
  namespace: Namespace;
  key: Uint8Array;
  value: Uint8Array;
  depositAccount: string | null;
  depositAmount: bigint;
};

export type StoredMetadata = { data: Uint8Array; depositAccount: string | null; depositAmount: bigint };

/** `maybe_item = None` (a collection attribute) is stored as this item id: SQLite keys cannot hold NULL here. */
export const COLLECTION_LEVEL = -1;

export const isDisabled = (bits: number, setting: number): boolean => (bits & setting) !== 0;
