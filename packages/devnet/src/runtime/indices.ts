/**
 * Pallet indices: the first byte of every call and the `index` of every module error. They are Opal's
 * (`construct_runtime!` of Unique's Opal runtime), so a call built for Opal reads the same here. pallet-nfts, which
 * Opal lacks, takes 120, an index Opal leaves free. Each pallet's Opal description (`<pallet>/metadata.ts`) takes
 * its index from here, and its call indices are Opal's too.
 */
export const PALLET_INDEX = {
  system: 0,
  balances: 30,
  timestamp: 32,
  treasury: 34,
  unique: 61,
  common: 66,
  fungible: 67,
  refungible: 68,
  nonfungible: 69,
  structure: 70,
  evm: 100,
  ethereum: 101,
  nfts: 120,
  utility: 156,
} as const;

export type PalletName = keyof typeof PALLET_INDEX;
