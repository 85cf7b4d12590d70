/** Fee constants of the Unique runtime (chain-rules §5). */
export const EXTRINSIC_BASE_WEIGHT = 115_480_000n;
const WEIGHT_TO_FEE_NUM = 75_438_195_485_614_739n;
const WEIGHT_TO_FEE_DEN = 1_000_000_000n;
export const TRANSACTION_BYTE_FEE = 250_500_000_000_000n;

export const weightToFee = (refTime: bigint): bigint => (refTime * WEIGHT_TO_FEE_NUM) / WEIGHT_TO_FEE_DEN;

export type FeeDetails = {
  baseFee: bigint;
  lenFee: bigint;
  adjustedWeightFee: bigint;
  tip: bigint;
  totalFee: bigint;
};

/** `fee = WeightToFee(base + weight) + len × byteFee + tip` (multiplier 1). */
export function computeFee(weight: bigint, encodedLength: number, tip = 0n): FeeDetails {
  const baseFee = weightToFee(EXTRINSIC_BASE_WEIGHT);
  const adjustedWeightFee = weightToFee(weight);
  const lenFee = BigInt(encodedLength) * TRANSACTION_BYTE_FEE;
  return { baseFee, lenFee, adjustedWeightFee, tip, totalFee: baseFee + adjustedWeightFee + lenFee + tip };
}
