/**
 * Stable pallet indices: the first byte of every call and the `index` of every module error. The Unique pallets
 * keep their on-chain indices (chain-rules §6.2); the others are this devnet's own and must never be renumbered,
 * because signed calls and recorded errors refer to them. Follow-up pallets have their index reserved here.
 */
export const PALLET_INDEX = {
  system: 0,
  balances: 10,
  treasury: 11,
  utility: 40,
  nfts: 50,
  unique: 61,
  common: 66,
  fungible: 67,
  refungible: 68,
  nonfungible: 69,
  structure: 70,
  evm: 100,
  ethereum: 101,
} as const;

export type PalletName = keyof typeof PALLET_INDEX;
