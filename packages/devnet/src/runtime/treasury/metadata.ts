import { PALLET_INDEX } from '../indices.js';
import type { PalletDescription } from '../metadata/describe.js';

/** `Treasury` (pallet_treasury) at Opal's index 34: where fees go (runtime/treasury.ts); it has no calls here. */
export const treasuryMetadata: PalletDescription = {
  name: 'Treasury',
  index: PALLET_INDEX.treasury,
  crate: 'pallet_treasury',
  events: [['Deposit', 6, [['value', 'u128', 'BalanceOf<T, I>']], 'Some funds have been deposited.']],
};
