import { defineErrors } from '../errors.js';
import { PALLET_INDEX } from '../indices.js';

export const StructureError = defineErrors('structure', PALLET_INDEX.structure, [
  ['OuroborosDetected', 'While nesting, encountered an already checked account, detecting a loop.'],
  ['DepthLimit', 'While nesting, reached the depth limit of nesting, exceeding the provided budget.'],
  ['BreadthLimit', 'While nesting, reached the breadth limit of nesting, exceeding the provided budget.'],
  ['TokenNotFound', "Couldn't find the token owner that is itself a token."],
  [
    'CantNestTokenUnderCollection',
    'Tried to nest token under collection contract address, instead of token address',
  ],
]);
