import { defineErrors } from '../errors.js';
import { PALLET_INDEX } from '../indices.js';

/** `refungible` errors, in the on-chain variant order (`uc:pallets/refungible`). */
export const RefungibleError = defineErrors('refungible', PALLET_INDEX.refungible, [
  [
    'NotRefungibleDataUsedToMintFungibleCollectionToken',
    'Not Refungible item data used to mint in Refungible collection.',
  ],
  ['WrongRefungiblePieces', 'Maximum refungibility exceeded'],
  [
    'RepartitionWhileNotOwningAllPieces',
    "Refungible token can't be repartitioned by user who isn't owns all pieces",
  ],
  ['RefungibleDisallowsNesting', "Refungible token can't nest other tokens"],
  ['SettingPropertiesNotAllowed', 'Setting item properties is not allowed'],
]);

/** `MAX_REFUNGIBLE_PIECES` (chain-rules §1.2). */
export const MAX_REFUNGIBLE_PIECES = 10n ** 21n;
