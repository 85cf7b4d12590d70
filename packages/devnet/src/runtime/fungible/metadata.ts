import { collectionKey, ownerKey } from '../common/metadata.js';
import { PALLET_INDEX } from '../indices.js';
import type { PalletDescription } from '../metadata/describe.js';
import { FungibleError } from './errors.js';

/** `Fungible` (pallet_fungible) at Opal's index 67: fungible collections' balances. */
export const fungibleMetadata: PalletDescription = {
  name: 'Fungible',
  index: PALLET_INDEX.fungible,
  crate: 'pallet_fungible',
  errors: FungibleError.list,
  storage: [
    {
      name: 'TotalSupply',
      modifier: 'Default',
      keys: [collectionKey],
      value: 'u128',
      docs: 'Total amount of fungible tokens inside a collection.',
    },
    {
      name: 'Balance',
      modifier: 'Default',
      keys: [collectionKey, ownerKey],
      value: 'u128',
      docs: 'Amount of tokens owned by an account inside a collection.',
    },
  ],
};
