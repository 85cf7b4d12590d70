import { CHAIN } from '../identity.js';

const UNIT = 10n ** BigInt(CHAIN.decimals);

/**
 * The pallet's `Config` constants. Bounds are Polkadot Asset Hub's; deposits are a simple model in this chain's
 * coin (docs/decisions/devnet-nfts.md): reserved from the payer's free balance, given back when the thing goes.
 */
export const NFTS_CONFIG = {
  stringLimit: 256,
  keyLimit: 64,
  valueLimit: 256,
  approvalsLimit: 20,
  itemAttributesApprovalsLimit: 30,
  collectionDeposit: UNIT,
  itemDeposit: UNIT / 100n,
  metadataDepositBase: UNIT / 10n,
  attributeDepositBase: UNIT / 10n,
  depositPerByte: UNIT / 1000n,
  /** `STORAGE_VERSION` of pallet-nfts. */
  palletVersion: 1,
} as const;

/** Call weights (ref_time), in the range of the unique pallet's so fees stay comparable. */
export const NW = {
  create: 1_000_000_000n,
  destroy: 800_000_000n,
  mint: 500_000_000n,
  burn: 500_000_000n,
  transfer: 660_000_000n,
  manage: 300_000_000n,
  attribute: 400_000_000n,
  buy: 800_000_000n,
};
