export { PALLET_INDEX } from './runtime/indices.js';
export { decodeCall, encodeCall, findMetaError, PALLETS } from './runtime/runtime.js';
