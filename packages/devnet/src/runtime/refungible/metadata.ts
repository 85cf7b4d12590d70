import { collectionKey, ownedStorage, ownerKey, tokenKey, tokensMintedStorage } from '../common/metadata.js';
import { PALLET_INDEX } from '../indices.js';
import type { PalletDescription } from '../metadata/describe.js';
import { RefungibleError } from './errors.js';

/** `Refungible` (pallet_refungible) at Opal's index 68: who owns how many pieces of which token. */
export const refungibleMetadata: PalletDescription = {
  name: 'Refungible',
  index: PALLET_INDEX.refungible,
  crate: 'pallet_refungible',
  errors: RefungibleError.list,
  storage: [
    tokensMintedStorage,
    {
      name: 'TotalSupply',
      modifier: 'Default',
      keys: [collectionKey, tokenKey],
      value: 'u128',
      docs: 'Total amount of pieces for token',
    },
    ownedStorage,
    {
      name: 'AccountBalance',
      modifier: 'Default',
      keys: [collectionKey, ownerKey],
      value: 'u32',
      docs: 'Amount of tokens (not pieces) partially owned by an account within a collection.',
    },
    {
      name: 'Balance',
      modifier: 'Default',
      keys: [collectionKey, tokenKey, ownerKey],
      value: 'u128',
      docs: 'Amount of token pieces owned by account.',
    },
  ],
};
