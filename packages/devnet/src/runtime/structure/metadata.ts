import { PALLET_INDEX } from '../indices.js';
import type { PalletDescription } from '../metadata/describe.js';
import { StructureError } from './errors.js';

/** `Structure` (pallet_structure) at Opal's index 70: nesting rules; only its errors reach the devnet's users. */
export const structureMetadata: PalletDescription = {
  name: 'Structure',
  index: PALLET_INDEX.structure,
  crate: 'pallet_structure',
  errors: StructureError.list,
};
