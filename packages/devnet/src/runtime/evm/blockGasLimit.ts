/** Every block's gas limit: what the header states, what GASLIMIT answers, and the most one transaction may use. */
export const BLOCK_GAS_LIMIT = 30_000_000n;
