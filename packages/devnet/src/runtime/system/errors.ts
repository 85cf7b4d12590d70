import { defineErrors } from '../errors.js';
import { PALLET_INDEX } from '../indices.js';

export const SystemError = defineErrors('system', PALLET_INDEX.system, [
  [
    'InvalidSpecName',
    'The name of specification does not match between the current runtime and the new runtime.',
  ],
  [
    'SpecVersionNeedsToIncrease',
    'The specification version is not allowed to decrease between the current runtime and the new runtime.',
  ],
  ['FailedToExtractRuntimeVersion', 'Failed to extract the runtime version from the new runtime.'],
  ['NonDefaultComposite', 'Suicide called when the account has non-default composite data.'],
  ['NonZeroRefCount', 'There is a non-zero reference count preventing the account from being purged.'],
  ['CallFiltered', 'The origin filter prevent the call to be dispatched.'],
  ['Other', 'The call failed in the devnet runtime for a reason outside the pallet error lists.'],
]);
