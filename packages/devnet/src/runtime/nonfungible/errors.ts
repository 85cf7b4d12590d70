import { defineErrors } from '../errors.js';
import { PALLET_INDEX } from '../indices.js';

export const NonfungibleError = defineErrors('nonfungible', PALLET_INDEX.nonfungible, [
  [
    'NotNonfungibleDataUsedToMintFungibleCollectionToken',
    'Not Nonfungible item data used to mint in Nonfungible collection.',
  ],
  ['NonfungibleItemsHaveNoAmount', 'Used amount > 1 with NFT'],
  ['CantBurnNftWithChildren', 'Unable to burn NFT with children'],
]);
