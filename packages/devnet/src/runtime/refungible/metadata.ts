import { PALLET_INDEX } from '../indices.js';
import type { PalletDescription } from '../metadata/describe.js';
import { RefungibleError } from './errors.js';

const cross = 'PalletEvmAccountBasicCrossAccountIdRepr';

/** `Refungible` (pallet_refungible) at Opal's index 68: who owns how many pieces of which token. */
export const refungibleMetadata: PalletDescription = {
  name: 'Refungible',
  index: PALLET_INDEX.refungible,
  crate: 'pallet_refungible',
  errors: RefungibleError.list,
  storage: [
    {
      name: 'TokensMinted',
      modifier: 'Default',
      keys: [['Twox64Concat', 'u32']],
      value: 'u32',
      docs: 'Total amount of minted tokens in a collection.',
    },
    {
      name: 'TotalSupply',
      modifier: 'Default',
      keys: [
        ['Twox64Concat', 'u32'],
        ['Twox64Concat', 'u32'],
      ],
      value: 'u128',
      docs: 'Total amount of pieces for token',
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
      docs: 'Amount of tokens (not pieces) partially owned by an account within a collection.',
    },
    {
      name: 'Balance',
      modifier: 'Default',
      keys: [
        ['Twox64Concat', 'u32'],
        ['Twox64Concat', 'u32'],
        ['Blake2_128Concat', cross],
      ],
      value: 'u128',
      docs: 'Amount of token pieces owned by account.',
    },
  ],
};
