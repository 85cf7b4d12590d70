/** The chain's identity: its name, coin and runtime version (docs/decisions/devnet.md). */
export const CHAIN = {
  name: 'nftkit-devnet',
  symbol: 'DEV',
  decimals: 18,
  ss58Format: 42,
  specVersion: 1,
  transactionVersion: 1,
} as const;
