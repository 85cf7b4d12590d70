import { defineErrors } from '../errors.js';
import { PALLET_INDEX } from '../indices.js';

export const UniqueError = defineErrors('unique', PALLET_INDEX.unique, [
  ['CollectionDecimalPointLimitExceeded', 'Decimal_points parameter must be lower than MAX_DECIMAL_POINTS.'],
  ['EmptyArgument', 'Length of items properties must be greater than 0.'],
  [
    'RepartitionCalledOnNonRefungibleCollection',
    'Tried to repartition a token of a non-refungible collection.',
  ],
]);
