/**
 * Call weights (ref_time), chosen so the fees land near the chain's published figures (chain-rules §5: an NFT
 * transfer ≈ 0.1, a mint ≈ 0.09 coins, with the length fee of this devnet's call encoding).
 */
export const W = {
  createCollection: 1_000_000_000n,
  manage: 300_000_000n,
  perKey: 100_000_000n,
  mint: 500_000_000n,
  transfer: 660_000_000n,
  approve: 400_000_000n,
  burn: 500_000_000n,
};
