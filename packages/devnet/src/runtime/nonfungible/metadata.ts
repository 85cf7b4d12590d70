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
    {
      name: 'TokensMinted',
      modifier: 'Default',
      keys: [['Twox64Concat', 'u32']],
      value: 'u32',
      docs: 'Total amount of minted tokens in a collection.',
    },
    {
      name: 'TokensBurnt',
      modifier: 'Default',
      keys: [['Twox64Concat', 'u32']],
      value: 'u32',
      docs: 'Amount of burnt tokens in a collection.',
    },
    {
      name: 'TokenData',
      modifier: 'Optional',
      keys: [
        ['Twox64Concat', 'u32'],
        ['Twox64Concat', 'u32'],
      ],
      value: 'PalletNonfungibleItemData',
      docs: 'Token data, used to partially describe a token.',
    },
    {
      name: 'TokenProperties',
      modifier: 'Optional',
      keys: [
        ['Twox64Concat', 'u32'],
        ['Twox64Concat', 'u32'],
      ],
      value: 'UpDataStructsProperties',
      docs: 'Map of key-value pairs, describing the metadata of a token.',
    },
    {
      name: 'Owned',
      modifier: 'Default',
      keys: [
        ['Twox64Concat', 'u32'],
        ['Blake2_128Concat', cross],
        ['Twox64Concat', 'u32'],
      ],
      value: 'bool',
      docs: 'Used to enumerate tokens owned by account.',
    },
    {
      name: 'AccountBalance',
      modifier: 'Default',
      keys: [
        ['Twox64Concat', 'u32'],
        ['Blake2_128Concat', cross],
      ],
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
