import { collectionKey, ownedStorage, ownerKey, tokenKey, tokensMintedStorage } from '../common/metadata.js';
import { PALLET_INDEX } from '../indices.js';
import type { PalletDescription } from '../metadata/describe.js';
import { NonfungibleError } from './errors.js';

const cross = 'PalletEvmAccountBasicCrossAccountIdRepr';

/** `Nonfungible` (pallet_nonfungible) at Opal's index 69: NFT owners and properties. */
export const nonfungibleMetadata: PalletDescription = {
  name: 'Nonfungible',
  index: PALLET_INDEX.nonfungible,
  crate: 'pallet_nonfungible',
  errors: NonfungibleError.list,
  storage: [
    tokensMintedStorage,
    {
      name: 'TokensBurnt',
      modifier: 'Default',
      keys: [collectionKey],
      value: 'u32',
      docs: 'Amount of burnt tokens in a collection.',
    },
    {
      name: 'TokenData',
      modifier: 'Optional',
      keys: [collectionKey, tokenKey],
      value: 'PalletNonfungibleItemData',
      docs: 'Token data, used to partially describe a token.',
    },
    {
      name: 'TokenProperties',
      modifier: 'Optional',
      keys: [collectionKey, tokenKey],
      value: 'UpDataStructsProperties',
      docs: 'Map of key-value pairs, describing the metadata of a token.',
    },
    ownedStorage,
    {
      name: 'AccountBalance',
      modifier: 'Default',
      keys: [collectionKey, ownerKey],
      value: 'u32',
      docs: 'Amount of tokens owned by an account in a collection.',
    },
  ],
  types: {
    PalletNonfungibleItemData: {
      path: 'pallet_nonfungible::ItemData',
      params: [['CrossAccountId', cross]],
      fields: [['owner', cross, 'CrossAccountId']],
    },
  },
};
