import { PALLET_INDEX } from '../indices.js';
import type { PalletDescription } from '../metadata/describe.js';
import { UtilityError } from './errors.js';

/** `Utility` (pallet_utility) at Opal's index 156. */
export const utilityMetadata: PalletDescription = {
  name: 'Utility',
  index: PALLET_INDEX.utility,
  crate: 'pallet_utility',
  calls: [
    [
      'batch_all',
      2,
      [['calls', 'Vec<Call>', 'Vec<<T as Config>::RuntimeCall>']],
      'Send a batch of dispatch calls and atomically execute them.',
    ],
  ],
  events: [
    ['BatchCompleted', 1, [], 'Batch of dispatches completed fully with no error.'],
    ['ItemCompleted', 3, [], 'A single item within a Batch of dispatches has completed with no error.'],
  ],
  errors: UtilityError.list,
};
