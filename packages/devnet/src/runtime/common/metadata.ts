import { PALLET_INDEX } from '../indices.js';
import {
  type Field,
  type PalletDescription,
  type StorageDescription,
  type StorageKey,
  unitVariants,
  type Variant,
} from '../metadata/describe.js';
import { CommonError } from './errors.js';

const C: Field = [null, 'u32', 'CollectionId'];
const T: Field = [null, 'u32', 'TokenId'];
const X: Field = [null, 'PalletEvmAccountBasicCrossAccountIdRepr', 'T::CrossAccountId'];
const A: Field = [null, 'AccountId32', 'T::AccountId'];
const K: Field = [null, 'Bytes', 'PropertyKey'];
const N: Field = [null, 'u128', 'u128'];

const events: Variant[] = [
  ['CollectionCreated', 0, [C, [null, 'u8', 'u8'], A], 'New collection was created.'],
  ['CollectionDestroyed', 1, [C], 'New collection was destroyed.'],
  ['ItemCreated', 2, [C, T, X, N], 'New item was created.'],
  ['ItemDestroyed', 3, [C, T, X, N], 'Collection item was burned.'],
  ['Transfer', 4, [C, T, X, X, N], 'Item was transferred.'],
  ['Approved', 5, [C, T, X, X, N], 'Amount pieces of token owned by `sender` was approved for `spender`.'],
  [
    'ApprovedForAll',
    6,
    [C, X, X, [null, 'bool', 'bool']],
    'A `sender` approves operations on all owned tokens for `spender`.',
  ],
  ['CollectionPropertySet', 7, [C, K], 'The colletion property has been added or edited.'],
  ['CollectionPropertyDeleted', 8, [C, K], 'The property has been deleted.'],
  ['TokenPropertySet', 9, [C, T, K], 'The token property has been added or edited.'],
  ['TokenPropertyDeleted', 10, [C, T, K], 'The token property has been deleted.'],
  ['PropertyPermissionSet', 11, [C, K], 'The token property permission of a collection has been set.'],
  ['AllowListAddressAdded', 12, [C, X], 'Address was added to the allow list.'],
  ['AllowListAddressRemoved', 13, [C, X], 'Address was removed from the allow list.'],
  ['CollectionAdminAdded', 14, [C, X], 'Collection admin was added.'],
  ['CollectionAdminRemoved', 15, [C, X], 'Collection admin was removed.'],
  ['CollectionLimitSet', 16, [C], 'Collection limits were set.'],
  ['CollectionOwnerChanged', 17, [C, A], 'Collection owned was changed.'],
  ['CollectionPermissionSet', 18, [C], 'Collection permissions were set.'],
  ['CollectionSponsorSet', 19, [C, A], 'Collection sponsor was set.'],
  ['SponsorshipConfirmed', 20, [C, A], 'New sponsor was confirm.'],
  ['CollectionSponsorRemoved', 21, [C], 'Collection sponsor was removed.'],
];

/** The keys of the token pallets' storage maps: a collection id, a token id, an owner. */
export const collectionKey: StorageKey = ['Twox64Concat', 'u32'];
export const tokenKey: StorageKey = ['Twox64Concat', 'u32'];
export const ownerKey: StorageKey = ['Blake2_128Concat', 'PalletEvmAccountBasicCrossAccountIdRepr'];

/** Common's own maps hash the collection id with Blake2 (the token pallets' with Twox). */
const commonCollectionKey: StorageKey = ['Blake2_128Concat', 'u32'];

/** `TokensMinted`, which Nonfungible and Refungible both keep. */
export const tokensMintedStorage: StorageDescription = {
  name: 'TokensMinted',
  modifier: 'Default',
  keys: [collectionKey],
  value: 'u32',
  docs: 'Total amount of minted tokens in a collection.',
};

/** `Owned`, which Nonfungible and Refungible both keep. */
export const ownedStorage: StorageDescription = {
  name: 'Owned',
  modifier: 'Default',
  keys: [collectionKey, ownerKey, tokenKey],
  value: 'bool',
  docs: 'Used to enumerate tokens owned by account.',
};

/**
 * `Common` (pallet_common) at Opal's index 66: every collection and token event, the collection storage the devnet
 * models, and Unique's data types (`up_data_structs::*`, used by `Unique`, `Nonfungible` and the others).
 */
export const commonMetadata: PalletDescription = {
  name: 'Common',
  index: PALLET_INDEX.common,
  crate: 'pallet_common',
  events,
  errors: CommonError.list,
  storage: [
    {
      name: 'CollectionById',
      modifier: 'Optional',
      keys: [commonCollectionKey],
      value: 'UpDataStructsCollection',
      docs: 'Collection info',
    },
    {
      name: 'CollectionProperties',
      modifier: 'Default',
      keys: [commonCollectionKey],
      value: 'UpDataStructsProperties',
      // An empty map, nothing consumed, and a collection's 40 960 bytes of property space reserved.
      fallback: '0x000000000000a00000',
      docs: 'Collection properties',
    },
    {
      name: 'CollectionPropertyPermissions',
      modifier: 'Default',
      keys: [commonCollectionKey],
      value: 'UpDataStructsPropertiesMapPropertyPermission',
      docs: 'Token permissions of a collection',
    },
  ],
  types: {
    UpDataStructsCollection: {
      path: 'up_data_structs::Collection',
      params: [['AccountId', 'AccountId32']],
      fields: [
        ['owner', 'AccountId32', 'AccountId'],
        ['mode', 'UpDataStructsCollectionMode', 'CollectionMode'],
        ['name', 'Vec<u16>', 'CollectionName'],
        ['description', 'Vec<u16>', 'CollectionDescription'],
        ['token_prefix', 'Bytes', 'CollectionTokenPrefix'],
        ['sponsorship', 'UpDataStructsSponsorshipStateAccountId32', 'SponsorshipState<AccountId>'],
        ['limits', 'UpDataStructsCollectionLimits', 'CollectionLimits'],
        ['permissions', 'UpDataStructsCollectionPermissions', 'CollectionPermissions'],
        ['flags', '[u8;1]', 'CollectionFlags'],
      ],
    },
    UpDataStructsSponsorshipStateAccountId32: {
      path: 'up_data_structs::SponsorshipState',
      params: [['AccountId', 'AccountId32']],
      variants: [
        ['Disabled', 0],
        ['Unconfirmed', 1, [[null, 'AccountId32', 'AccountId']]],
        ['Confirmed', 2, [[null, 'AccountId32', 'AccountId']]],
      ],
    },
    UpDataStructsProperties: {
      path: 'up_data_structs::Properties',
      fields: [
        ['map', 'UpDataStructsPropertiesMapBoundedVec', 'PropertiesMap<PropertyValue>'],
        ['consumed_space', 'u32', 'u32'],
        ['reserved', 'u32', 'u32'],
      ],
    },
    UpDataStructsPropertiesMapBoundedVec: {
      path: 'up_data_structs::PropertiesMap',
      params: [['Value', 'BoundedBytes']],
      newtype: 'BTreeMap<Bytes, BoundedBytes>',
    },
    UpDataStructsPropertiesMapPropertyPermission: {
      path: 'up_data_structs::PropertiesMap',
      params: [['Value', 'UpDataStructsPropertyPermission']],
      newtype: 'BTreeMap<Bytes, UpDataStructsPropertyPermission>',
    },
    UpDataStructsCollectionMode: {
      path: 'up_data_structs::CollectionMode',
      variants: [
        ['NFT', 0],
        ['Fungible', 1, [[null, 'u8', 'DecimalPoints']]],
        ['ReFungible', 2],
      ],
    },
    UpDataStructsCreateCollectionData: {
      path: 'up_data_structs::CreateCollectionData',
      params: [['CrossAccountId', 'PalletEvmAccountBasicCrossAccountIdRepr']],
      fields: [
        ['mode', 'UpDataStructsCollectionMode', 'CollectionMode'],
        ['access', 'Option<UpDataStructsAccessMode>', 'Option<AccessMode>'],
        ['name', 'Vec<u16>', 'CollectionName'],
        ['description', 'Vec<u16>', 'CollectionDescription'],
        ['token_prefix', 'Bytes', 'CollectionTokenPrefix'],
        ['limits', 'Option<UpDataStructsCollectionLimits>', 'Option<CollectionLimits>'],
        ['permissions', 'Option<UpDataStructsCollectionPermissions>', 'Option<CollectionPermissions>'],
        [
          'token_property_permissions',
          'Vec<UpDataStructsPropertyKeyPermission>',
          'CollectionPropertiesPermissionsVec',
        ],
        ['properties', 'Vec<UpDataStructsProperty>', 'CollectionPropertiesVec'],
        ['admin_list', 'Vec<PalletEvmAccountBasicCrossAccountIdRepr>', 'Vec<CrossAccountId>'],
        ['pending_sponsor', 'Option<PalletEvmAccountBasicCrossAccountIdRepr>', 'Option<CrossAccountId>'],
        ['flags', '[u8;1]', 'CollectionFlags'],
      ],
    },
    UpDataStructsAccessMode: {
      path: 'up_data_structs::AccessMode',
      variants: unitVariants('Normal', 'AllowList'),
    },
    UpDataStructsCollectionLimits: {
      path: 'up_data_structs::CollectionLimits',
      fields: [
        ['account_token_ownership_limit', 'Option<u32>', 'Option<u32>'],
        ['sponsored_data_size', 'Option<u32>', 'Option<u32>'],
        [
          'sponsored_data_rate_limit',
          'Option<UpDataStructsSponsoringRateLimit>',
          'Option<SponsoringRateLimit>',
        ],
        ['token_limit', 'Option<u32>', 'Option<u32>'],
        ['sponsor_transfer_timeout', 'Option<u32>', 'Option<u32>'],
        ['sponsor_approve_timeout', 'Option<u32>', 'Option<u32>'],
        ['owner_can_transfer', 'Option<bool>', 'Option<bool>'],
        ['owner_can_destroy', 'Option<bool>', 'Option<bool>'],
        ['transfers_enabled', 'Option<bool>', 'Option<bool>'],
      ],
    },
    UpDataStructsSponsoringRateLimit: {
      path: 'up_data_structs::SponsoringRateLimit',
      variants: [
        ['SponsoringDisabled', 0],
        ['Blocks', 1, [[null, 'u32', 'u32']]],
      ],
    },
    UpDataStructsCollectionPermissions: {
      path: 'up_data_structs::CollectionPermissions',
      fields: [
        ['access', 'Option<UpDataStructsAccessMode>', 'Option<AccessMode>'],
        ['mint_mode', 'Option<bool>', 'Option<bool>'],
        ['nesting', 'Option<UpDataStructsNestingPermissions>', 'Option<NestingPermissions>'],
      ],
    },
    UpDataStructsNestingPermissions: {
      path: 'up_data_structs::NestingPermissions',
      fields: [
        ['token_owner', 'bool', 'bool'],
        ['collection_admin', 'bool', 'bool'],
        ['restricted', 'Option<UpDataStructsOwnerRestrictedSet>', 'Option<OwnerRestrictedSet>'],
      ],
    },
    UpDataStructsOwnerRestrictedSet: {
      path: 'up_data_structs::OwnerRestrictedSet',
      newtype: 'BTreeSet<u32>',
    },
    UpDataStructsProperty: {
      path: 'up_data_structs::Property',
      fields: [
        ['key', 'Bytes', 'PropertyKey'],
        ['value', 'Bytes', 'PropertyValue'],
      ],
    },
    UpDataStructsPropertyKeyPermission: {
      path: 'up_data_structs::PropertyKeyPermission',
      fields: [
        ['key', 'Bytes', 'PropertyKey'],
        ['permission', 'UpDataStructsPropertyPermission', 'PropertyPermission'],
      ],
    },
    UpDataStructsPropertyPermission: {
      path: 'up_data_structs::PropertyPermission',
      fields: [
        ['mutable', 'bool', 'bool'],
        ['collection_admin', 'bool', 'bool'],
        ['token_owner', 'bool', 'bool'],
      ],
    },
    UpDataStructsCreateItemData: {
      path: 'up_data_structs::CreateItemData',
      variants: [
        ['NFT', 0, [[null, 'UpDataStructsCreateNftData', 'CreateNftData']]],
        ['Fungible', 1, [[null, 'UpDataStructsCreateFungibleData', 'CreateFungibleData']]],
        ['ReFungible', 2, [[null, 'UpDataStructsCreateReFungibleData', 'CreateReFungibleData']]],
      ],
    },
    UpDataStructsCreateNftData: {
      path: 'up_data_structs::CreateNftData',
      fields: [['properties', 'Vec<UpDataStructsProperty>', 'CollectionPropertiesVec']],
    },
    UpDataStructsCreateFungibleData: {
      path: 'up_data_structs::CreateFungibleData',
      fields: [['value', 'u128', 'u128']],
    },
    UpDataStructsCreateReFungibleData: {
      path: 'up_data_structs::CreateReFungibleData',
      fields: [
        ['pieces', 'u128', 'u128'],
        ['properties', 'Vec<UpDataStructsProperty>', 'CollectionPropertiesVec'],
      ],
    },
    UpDataStructsCreateItemExData: {
      path: 'up_data_structs::CreateItemExData',
      params: [['CrossAccountId', 'PalletEvmAccountBasicCrossAccountIdRepr']],
      variants: [
        [
          'NFT',
          0,
          [
            [
              null,
              'Vec<UpDataStructsCreateNftExData>',
              'BoundedVec<CreateNftExData<CrossAccountId>, ConstU32<MAX_ITEMS_PER_BATCH>>',
            ],
          ],
        ],
        [
          'Fungible',
          1,
          [
            [
              null,
              'BTreeMap<PalletEvmAccountBasicCrossAccountIdRepr, u128>',
              'BoundedBTreeMap<CrossAccountId, u128, ConstU32<MAX_ITEMS_PER_BATCH>>',
            ],
          ],
        ],
        [
          'RefungibleMultipleItems',
          2,
          [
            [
              null,
              'Vec<UpDataStructsCreateRefungibleExSingleOwner>',
              'BoundedVec<CreateRefungibleExSingleOwner<CrossAccountId>, ConstU32<MAX_ITEMS_PER_BATCH>>',
            ],
          ],
        ],
        [
          'RefungibleMultipleOwners',
          3,
          [
            [
              null,
              'UpDataStructsCreateRefungibleExMultipleOwners',
              'CreateRefungibleExMultipleOwners<CrossAccountId>',
            ],
          ],
        ],
      ],
    },
    UpDataStructsCreateNftExData: {
      path: 'up_data_structs::CreateNftExData',
      params: [['CrossAccountId', 'PalletEvmAccountBasicCrossAccountIdRepr']],
      fields: [
        ['properties', 'Vec<UpDataStructsProperty>', 'CollectionPropertiesVec'],
        ['owner', 'PalletEvmAccountBasicCrossAccountIdRepr', 'CrossAccountId'],
      ],
    },
    UpDataStructsCreateRefungibleExSingleOwner: {
      path: 'up_data_structs::CreateRefungibleExSingleOwner',
      params: [['CrossAccountId', 'PalletEvmAccountBasicCrossAccountIdRepr']],
      fields: [
        ['user', 'PalletEvmAccountBasicCrossAccountIdRepr', 'CrossAccountId'],
        ['pieces', 'u128', 'u128'],
        ['properties', 'Vec<UpDataStructsProperty>', 'CollectionPropertiesVec'],
      ],
    },
    UpDataStructsCreateRefungibleExMultipleOwners: {
      path: 'up_data_structs::CreateRefungibleExMultipleOwners',
      params: [['CrossAccountId', 'PalletEvmAccountBasicCrossAccountIdRepr']],
      fields: [
        [
          'users',
          'BTreeMap<PalletEvmAccountBasicCrossAccountIdRepr, u128>',
          'BoundedBTreeMap<CrossAccountId, u128, ConstU32<MAX_ITEMS_PER_BATCH>>',
        ],
        ['properties', 'Vec<UpDataStructsProperty>', 'CollectionPropertiesVec'],
      ],
    },
  },
};
