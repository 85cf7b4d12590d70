import { ArithmeticError, type DispatchError, defineErrors } from '../errors.js';
import { PALLET_INDEX } from '../indices.js';

/** `fungible` errors, in the on-chain variant order (`uc:pallets/fungible`). */
export const FungibleError = defineErrors('fungible', PALLET_INDEX.fungible, [
  [
    'NotFungibleDataUsedToMintFungibleCollectionToken',
    'Not Fungible item data used to mint in Fungible collection.',
  ],
  ['FungibleItemsHaveNoId', 'Not default id passed as TokenId argument'],
  ['FungibleItemsDontHaveData', 'Tried to set data for fungible item'],
  ['FungibleDisallowsNesting', 'Fungible token does not support nesting'],
  ['SettingPropertiesNotAllowed', 'Setting item properties is not allowed'],
]);

/** `ArithmeticError::Overflow`: a u128 sum past 2^128 − 1. */
export const arithmeticOverflow = (): DispatchError => new ArithmeticError('Overflow');
