import { DispatchError, defineErrors } from '../errors.js';
import { PALLET_INDEX } from '../indices.js';
import { SystemError } from '../system/errors.js';

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

/** `ArithmeticError::Overflow`: a u128 sum past 2^128 − 1 (recorded as `system.Other`, which carries the detail). */
export function arithmeticOverflow(): DispatchError {
  const base = SystemError.Other();
  return new DispatchError(
    base.section,
    base.name,
    `${base.docs} (arithmetic overflow)`,
    base.palletIndex,
    base.errorIndex,
  );
}

export const U128_MAX = (1n << 128n) - 1n;
