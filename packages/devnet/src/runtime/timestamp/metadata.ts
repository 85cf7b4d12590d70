import { PALLET_INDEX } from '../indices.js';
import type { PalletDescription } from '../metadata/describe.js';

/** `Timestamp` (pallet_timestamp) at Opal's index 32: the devnet keeps each block's time; it has no calls (the inherent is the devnet's own). */
export const timestampMetadata: PalletDescription = {
  name: 'Timestamp',
  index: PALLET_INDEX.timestamp,
  crate: 'pallet_timestamp',
  storage: [
    { name: 'Now', modifier: 'Default', value: 'u64', docs: 'The current time for the current block.' },
  ],
};
