import { PALLET_INDEX } from '../indices.js';
import type { Field, PalletDescription } from '../metadata/describe.js';
import { UniqueError } from './errors.js';

const collectionId: Field = ['collection_id', 'u32', 'CollectionId'];
const cross = (name: string): Field => [name, 'PalletEvmAccountBasicCrossAccountIdRepr', 'T::CrossAccountId'];

/**
 * `Unique` (pallet_unique) at Opal's index 61: the calls the devnet runs, at Opal's call indices and with its
 * argument order (`transfer` takes the recipient first). Its types (`up_data_structs::*`) are in common/metadata.ts.
 */
export const uniqueMetadata: PalletDescription = {
  name: 'Unique',
  index: PALLET_INDEX.unique,
  crate: 'pallet_unique',
  calls: [
    [
      'create_collection_ex',
      1,
      [['data', 'UpDataStructsCreateCollectionData', 'CreateCollectionData<T::CrossAccountId>']],
      'Create a collection with explicit parameters.',
    ],
    ['destroy_collection', 2, [collectionId], 'Destroy a collection if no tokens exist within.'],
    ['add_to_allow_list', 3, [collectionId, cross('address')], 'Add an address to allow list.'],
    ['remove_from_allow_list', 4, [collectionId, cross('address')], 'Remove an address from allow list.'],
    [
      'change_collection_owner',
      5,
      [collectionId, ['new_owner', 'AccountId32', 'T::AccountId']],
      'Change the owner of the collection.',
    ],
    ['add_collection_admin', 6, [collectionId, cross('new_admin_id')], 'Add an admin to a collection.'],
    ['remove_collection_admin', 7, [collectionId, cross('account_id')], 'Remove admin of a collection.'],
    [
      'set_collection_sponsor',
      8,
      [collectionId, ['new_sponsor', 'AccountId32', 'T::AccountId']],
      'Set (invite) a new collection sponsor.',
    ],
    [
      'confirm_sponsorship',
      9,
      [collectionId],
      'Confirm own sponsorship of a collection, becoming the sponsor.',
    ],
    [
      'remove_collection_sponsor',
      10,
      [collectionId],
      "Remove a collection's a sponsor, making everyone pay for their own transactions.",
    ],
    [
      'create_item',
      11,
      [collectionId, cross('owner'), ['data', 'UpDataStructsCreateItemData', 'CreateItemData']],
      'Mint an item within a collection.',
    ],
    [
      'set_collection_properties',
      13,
      [collectionId, ['properties', 'Vec<UpDataStructsProperty>', 'Vec<Property>']],
      'Add or change collection properties.',
    ],
    [
      'delete_collection_properties',
      14,
      [collectionId, ['property_keys', 'Vec<Bytes>', 'Vec<PropertyKey>']],
      'Delete specified collection properties.',
    ],
    [
      'set_token_properties',
      15,
      [
        collectionId,
        ['token_id', 'u32', 'TokenId'],
        ['properties', 'Vec<UpDataStructsProperty>', 'Vec<Property>'],
      ],
      "Add or change token properties according to collection's permissions.",
    ],
    [
      'delete_token_properties',
      16,
      [collectionId, ['token_id', 'u32', 'TokenId'], ['property_keys', 'Vec<Bytes>', 'Vec<PropertyKey>']],
      'Delete specified token properties.',
    ],
    [
      'set_token_property_permissions',
      17,
      [
        collectionId,
        ['property_permissions', 'Vec<UpDataStructsPropertyKeyPermission>', 'Vec<PropertyKeyPermission>'],
      ],
      'Add or change token property permissions of a collection.',
    ],
    [
      'create_multiple_items_ex',
      18,
      [collectionId, ['data', 'UpDataStructsCreateItemExData', 'CreateItemExData<T::CrossAccountId>']],
      'Create multiple items within a collection with explicitly specified initial parameters.',
    ],
    [
      'set_transfers_enabled_flag',
      19,
      [collectionId, ['value', 'bool', 'bool']],
      'Completely allow or disallow transfers for a particular collection.',
    ],
    [
      'burn_item',
      20,
      [collectionId, ['item_id', 'u32', 'TokenId'], ['value', 'u128', 'u128']],
      'Destroy an item.',
    ],
    [
      'burn_from',
      21,
      [collectionId, cross('from'), ['item_id', 'u32', 'TokenId'], ['value', 'u128', 'u128']],
      'Destroy a token on behalf of the owner as a non-owner account.',
    ],
    [
      'transfer',
      22,
      [cross('recipient'), collectionId, ['item_id', 'u32', 'TokenId'], ['value', 'u128', 'u128']],
      'Change ownership of the token.',
    ],
    [
      'approve',
      23,
      [cross('spender'), collectionId, ['item_id', 'u32', 'TokenId'], ['amount', 'u128', 'u128']],
      'Allow a non-permissioned address to transfer or burn an item.',
    ],
    [
      'transfer_from',
      25,
      [
        cross('from'),
        cross('recipient'),
        collectionId,
        ['item_id', 'u32', 'TokenId'],
        ['value', 'u128', 'u128'],
      ],
      'Change ownership of an item on behalf of the owner as a non-owner account.',
    ],
    [
      'set_collection_limits',
      26,
      [collectionId, ['new_limit', 'UpDataStructsCollectionLimits', 'CollectionLimits']],
      'Set specific limits of a collection. Empty, or None fields mean chain default.',
    ],
    [
      'set_collection_permissions',
      27,
      [collectionId, ['new_permission', 'UpDataStructsCollectionPermissions', 'CollectionPermissions']],
      'Set specific permissions of a collection. Empty, or None fields mean chain default.',
    ],
    [
      'set_allowance_for_all',
      29,
      [collectionId, cross('operator'), ['approve', 'bool', 'bool']],
      'Sets or unsets the approval of a given operator.',
    ],
  ],
  errors: UniqueError.list,
};
