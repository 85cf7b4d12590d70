import { defineErrors } from '../errors.js';
import { PALLET_INDEX } from '../indices.js';

export const UtilityError = defineErrors('utility', PALLET_INDEX.utility, [
  ['TooManyCalls', 'Too many calls batched.'],
]);
