import { PALLET_INDEX } from '../indices.js';
import type { Field, PalletDescription } from '../metadata/describe.js';
import { NftsError } from './errors.js';

const collection: Field = ['collection', 'u32', 'T::CollectionId'];
const item: Field = ['item', 'u32', 'T::ItemId'];
const lookup = (name: string): Field => [name, 'MultiAddress', 'AccountIdLookupOf<T>'];
const account = (name: string): Field => [name, 'AccountId32', 'T::AccountId'];
const bytes = (name: string, bound: string): Field => [name, 'Bytes', `BoundedVec<u8, T::${bound}>`];
const maybeItem: Field = ['maybe_item', 'Option<u32>', 'Option<T::ItemId>'];
const namespace: Field = ['namespace', 'PalletNftsAttributeNamespace', 'AttributeNamespace<T::AccountId>'];

/**
 * `Nfts` (Substrate's pallet-nfts), which Opal does not have. It sits at 120, an index Opal's runtime leaves free
 * (its pallets take 0–1, 20–26, 30–35, 37–54, 60–64, 66–73, 80, 97–101 and 150–156); its call and event indices and
 * types are pallet-nfts' own.
 */
export const nftsMetadata: PalletDescription = {
  name: 'Nfts',
  index: PALLET_INDEX.nfts,
  crate: 'pallet_nfts',
  calls: [
    ['create', 0, [lookup('admin'), ['config', 'PalletNftsCollectionConfig', 'CollectionConfigFor<T, I>']]],
    ['destroy', 2, [collection, ['witness', 'PalletNftsDestroyWitness', 'DestroyWitness']]],
    [
      'mint',
      3,
      [
        collection,
        item,
        lookup('mint_to'),
        [
          'witness_data',
          'Option<PalletNftsMintWitness>',
          'Option<MintWitness<T::ItemId, DepositBalanceOf<T, I>>>',
        ],
      ],
    ],
    ['burn', 5, [collection, item]],
    ['transfer', 6, [collection, item, lookup('dest')]],
    ['lock_item_transfer', 8, [collection, item]],
    ['unlock_item_transfer', 9, [collection, item]],
    ['lock_collection', 10, [collection, ['lock_settings', 'u64', 'CollectionSettings']]],
    ['transfer_ownership', 11, [collection, lookup('new_owner')]],
    [
      'set_team',
      12,
      [
        collection,
        ['issuer', 'Option<MultiAddress>', 'Option<AccountIdLookupOf<T>>'],
        ['admin', 'Option<MultiAddress>', 'Option<AccountIdLookupOf<T>>'],
        ['freezer', 'Option<MultiAddress>', 'Option<AccountIdLookupOf<T>>'],
      ],
    ],
    [
      'approve_transfer',
      15,
      [collection, item, lookup('delegate'), ['maybe_deadline', 'Option<u32>', 'Option<BlockNumberFor<T>>']],
    ],
    ['cancel_approval', 16, [collection, item, lookup('delegate')]],
    ['clear_all_transfer_approvals', 17, [collection, item]],
    [
      'lock_item_properties',
      18,
      [collection, item, ['lock_metadata', 'bool', 'bool'], ['lock_attributes', 'bool', 'bool']],
    ],
    [
      'set_attribute',
      19,
      [collection, maybeItem, namespace, bytes('key', 'KeyLimit'), bytes('value', 'ValueLimit')],
    ],
    ['clear_attribute', 21, [collection, maybeItem, namespace, bytes('key', 'KeyLimit')]],
    ['approve_item_attributes', 22, [collection, item, lookup('delegate')]],
    [
      'cancel_item_attributes_approval',
      23,
      [
        collection,
        item,
        lookup('delegate'),
        ['witness', 'PalletNftsCancelAttributesApprovalWitness', 'CancelAttributesApprovalWitness'],
      ],
    ],
    ['set_metadata', 24, [collection, item, bytes('data', 'StringLimit')]],
    ['clear_metadata', 25, [collection, item]],
    ['set_collection_metadata', 26, [collection, bytes('data', 'StringLimit')]],
    ['clear_collection_metadata', 27, [collection]],
    ['set_accept_ownership', 28, [['maybe_collection', 'Option<u32>', 'Option<T::CollectionId>']]],
    ['set_collection_max_supply', 29, [collection, ['max_supply', 'u32', 'u32']]],
    [
      'update_mint_settings',
      30,
      [
        collection,
        [
          'mint_settings',
          'PalletNftsMintSettings',
          'MintSettings<BalanceOf<T, I>, BlockNumberFor<T>, T::CollectionId>',
        ],
      ],
    ],
    [
      'set_price',
      31,
      [
        collection,
        item,
        ['price', 'Option<u128>', 'Option<ItemPrice<T, I>>'],
        ['whitelisted_buyer', 'Option<MultiAddress>', 'Option<AccountIdLookupOf<T>>'],
      ],
    ],
    ['buy_item', 32, [collection, item, ['bid_price', 'u128', 'ItemPrice<T, I>']]],
  ],
  events: [
    ['Created', 0, [collection, account('creator'), account('owner')]],
    ['Destroyed', 2, [collection]],
    ['Issued', 3, [collection, item, account('owner')]],
    ['Transferred', 4, [collection, item, account('from'), account('to')]],
    ['Burned', 5, [collection, item, account('owner')]],
    ['ItemTransferLocked', 6, [collection, item]],
    ['ItemTransferUnlocked', 7, [collection, item]],
    [
      'ItemPropertiesLocked',
      8,
      [collection, item, ['lock_metadata', 'bool', 'bool'], ['lock_attributes', 'bool', 'bool']],
    ],
    ['CollectionLocked', 9, [collection]],
    ['OwnerChanged', 10, [collection, account('new_owner')]],
    [
      'TeamChanged',
      11,
      [
        collection,
        ['issuer', 'Option<AccountId32>', 'Option<T::AccountId>'],
        ['admin', 'Option<AccountId32>', 'Option<T::AccountId>'],
        ['freezer', 'Option<AccountId32>', 'Option<T::AccountId>'],
      ],
    ],
    [
      'TransferApproved',
      12,
      [
        collection,
        item,
        account('owner'),
        account('delegate'),
        ['deadline', 'Option<u32>', 'Option<BlockNumberFor<T>>'],
      ],
    ],
    ['ApprovalCancelled', 13, [collection, item, account('owner'), account('delegate')]],
    ['AllApprovalsCancelled', 14, [collection, item, account('owner')]],
    ['CollectionMetadataSet', 16, [collection, bytes('data', 'StringLimit')]],
    ['CollectionMetadataCleared', 17, [collection]],
    ['ItemMetadataSet', 18, [collection, item, bytes('data', 'StringLimit')]],
    ['ItemMetadataCleared', 19, [collection, item]],
    [
      'AttributeSet',
      21,
      [collection, maybeItem, bytes('key', 'KeyLimit'), bytes('value', 'ValueLimit'), namespace],
    ],
    ['AttributeCleared', 22, [collection, maybeItem, bytes('key', 'KeyLimit'), namespace]],
    ['ItemAttributesApprovalAdded', 23, [collection, item, account('delegate')]],
    ['ItemAttributesApprovalRemoved', 24, [collection, item, account('delegate')]],
    [
      'OwnershipAcceptanceChanged',
      25,
      [account('who'), ['maybe_collection', 'Option<u32>', 'Option<T::CollectionId>']],
    ],
    ['CollectionMaxSupplySet', 26, [collection, ['max_supply', 'u32', 'u32']]],
    ['CollectionMintSettingsUpdated', 27, [collection]],
    ['NextCollectionIdIncremented', 28, [['next_id', 'Option<u32>', 'Option<T::CollectionId>']]],
    [
      'ItemPriceSet',
      29,
      [
        collection,
        item,
        ['price', 'u128', 'ItemPrice<T, I>'],
        ['whitelisted_buyer', 'Option<AccountId32>', 'Option<T::AccountId>'],
      ],
    ],
    ['ItemPriceRemoved', 30, [collection, item]],
    [
      'ItemBought',
      31,
      [collection, item, ['price', 'u128', 'ItemPrice<T, I>'], account('seller'), account('buyer')],
    ],
    [
      'PalletAttributeSet',
      37,
      [
        collection,
        ['item', 'Option<u32>', 'Option<T::ItemId>'],
        ['attribute', 'PalletNftsPalletAttributes', 'PalletAttributes<T::CollectionId>'],
        bytes('value', 'ValueLimit'),
      ],
    ],
  ],
  errors: NftsError.list,
  types: {
    PalletNftsCollectionConfig: {
      path: 'pallet_nfts::types::CollectionConfig',
      params: [
        ['Price', 'u128'],
        ['BlockNumber', 'u32'],
        ['CollectionId', 'u32'],
      ],
      fields: [
        ['settings', 'u64', 'CollectionSettings'],
        ['max_supply', 'Option<u32>', 'Option<u32>'],
        ['mint_settings', 'PalletNftsMintSettings', 'MintSettings<Price, BlockNumber, CollectionId>'],
      ],
    },
    PalletNftsMintSettings: {
      path: 'pallet_nfts::types::MintSettings',
      params: [
        ['Price', 'u128'],
        ['BlockNumber', 'u32'],
        ['CollectionId', 'u32'],
      ],
      fields: [
        ['mint_type', 'PalletNftsMintType', 'MintType<CollectionId>'],
        ['price', 'Option<u128>', 'Option<Price>'],
        ['start_block', 'Option<u32>', 'Option<BlockNumber>'],
        ['end_block', 'Option<u32>', 'Option<BlockNumber>'],
        ['default_item_settings', 'u64', 'ItemSettings'],
      ],
    },
    PalletNftsMintType: {
      path: 'pallet_nfts::types::MintType',
      params: [['CollectionId', 'u32']],
      variants: [
        ['Issuer', 0],
        ['Public', 1],
        ['HolderOf', 2, [[null, 'u32', 'CollectionId']]],
      ],
    },
    PalletNftsDestroyWitness: {
      path: 'pallet_nfts::types::DestroyWitness',
      fields: [
        ['item_metadatas', 'Compact<u32>', 'u32'],
        ['item_configs', 'Compact<u32>', 'u32'],
        ['attributes', 'Compact<u32>', 'u32'],
      ],
    },
    PalletNftsMintWitness: {
      path: 'pallet_nfts::types::MintWitness',
      params: [
        ['ItemId', 'u32'],
        ['Balance', 'u128'],
      ],
      fields: [
        ['owned_item', 'Option<u32>', 'Option<ItemId>'],
        ['mint_price', 'Option<u128>', 'Option<Balance>'],
      ],
    },
    PalletNftsAttributeNamespace: {
      path: 'pallet_nfts::types::AttributeNamespace',
      params: [['AccountId', 'AccountId32']],
      variants: [
        ['Pallet', 0],
        ['CollectionOwner', 1],
        ['ItemOwner', 2],
        ['Account', 3, [[null, 'AccountId32', 'AccountId']]],
      ],
    },
    PalletNftsCancelAttributesApprovalWitness: {
      path: 'pallet_nfts::types::CancelAttributesApprovalWitness',
      fields: [['account_attributes', 'u32', 'u32']],
    },
    PalletNftsPalletAttributes: {
      path: 'pallet_nfts::types::PalletAttributes',
      params: [['CollectionId', 'u32']],
      variants: [
        ['UsedToClaim', 0, [[null, 'u32', 'CollectionId']]],
        ['TransferDisabled', 1],
      ],
    },
  },
};
