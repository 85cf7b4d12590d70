import { hexToBytes } from '@nftkit/primitives';
import type { Hex } from 'viem';

/**
 * Ethereum's transaction gas for the hardfork the devnet declares, Cancun (docs/decisions/devnet-evm.md): what a
 * transaction costs before its first opcode (EIP-2028 calldata, EIP-2 and EIP-3860 creation, EIP-2930 access
 * lists), and how much of what it used comes back (EIP-3529). Both engines run only the execution; this adds the rest.
 */

/** Every transaction. */
export const TX_GAS = 21_000n;
/** A contract creation, on top of `TX_GAS` (EIP-2). */
export const TX_CREATE_GAS = 32_000n;
const DATA_ZERO_GAS = 4n;
const DATA_NONZERO_GAS = 16n;
/** Per 32-byte word of a creation's initcode (EIP-3860). */
const INITCODE_WORD_GAS = 2n;
const ACCESS_LIST_ADDRESS_GAS = 2_400n;
const ACCESS_LIST_SLOT_GAS = 1_900n;
/** The largest initcode a creation may carry: twice the code size limit (EIP-3860). */
export const MAX_INITCODE_SIZE = 49_152;
/** At most `gasUsed / 5` is refunded (EIP-3529). */
const MAX_REFUND_QUOTIENT = 5n;

export type AccessList = readonly { address: string; storageKeys: readonly string[] }[];

export type IntrinsicInput = { data: Hex | Uint8Array; create: boolean; accessList?: AccessList };

/** The gas a transaction is charged before it runs; a gas limit below it is refused. */
export function intrinsicGas(tx: IntrinsicInput): bigint {
  const data = typeof tx.data === 'string' ? hexToBytes(tx.data) : tx.data;
  let zeros = 0;
  for (const b of data) if (b === 0) zeros++;
  let gas = TX_GAS + BigInt(zeros) * DATA_ZERO_GAS + BigInt(data.length - zeros) * DATA_NONZERO_GAS;
  if (tx.create) gas += TX_CREATE_GAS + BigInt(Math.ceil(data.length / 32)) * INITCODE_WORD_GAS;
  for (const entry of tx.accessList ?? [])
    gas += ACCESS_LIST_ADDRESS_GAS + BigInt(entry.storageKeys.length) * ACCESS_LIST_SLOT_GAS;
  return gas;
}

/** The gas a transaction is charged once it ran: `used` (intrinsic included) less the refund, capped at a fifth. */
export function gasAfterRefund(used: bigint, refund: bigint): bigint {
  const cap = used / MAX_REFUND_QUOTIENT;
  return used - (refund < cap ? refund : cap);
}
